import HuewallCore

/// A marked grid's counted samples grouped by colour, each colour with its samples' summed
/// weights under every setting of the foreground priors (scene, skin, skin without priority,
/// garment), or under one: everything the bins, the merge and the lit side need.
///
/// A live wall keeps these beside each grid, so that a change of any control but the backdrop's
/// and the granularity bins the colours again and nothing else: a studio shot's counted samples
/// hold a few thousand colours. Each sample's weight is the one a run gives it; the sums are
/// added per colour and part, where a run adds them sample by sample, so they can differ in a
/// double's last bits. The stored colours and shares are the same (`SampleGridTests` under
/// every parameter set with each prior turned, `ProductPathTests` under all sixteen settings).
public struct WeighedColours: Sendable {
  /// The sums, for every setting of the priors or for one.
  let weights: Weights
  /// The counts with the person's skin, as skin suppression reports them.
  let counts: SampleCounts

  enum Weights: Sendable {
    case everySetting(EverySetting)
    /// Weighed under these priors only: what is kept of a photo whose colours are too many to
    /// keep for every setting (a scene's noise).
    case oneSetting(Priors, SelectedColours)
  }

  /// The memory the colours take, for a cache's budget.
  public var byteCount: Int {
    switch weights {
    case .everySetting(let every): every.byteCount
    case .oneSetting(_, let selected): selected.byteCount
    }
  }

  /// Whether these serve an analysis under `priors`.
  public func serves(_ priors: Priors) -> Bool {
    switch weights {
    case .everySetting: true
    case .oneSetting(let kept, _): kept == priors
    }
  }

  /// These colours under `priors` alone: less to keep where the priors tell many parts apart.
  public func narrowed(to priors: Priors) -> WeighedColours {
    .init(weights: .oneSetting(priors, weighed(by: priors)), counts: counts)
  }

  /// The colours with the weights `priors` give their samples, for the bins.
  func weighed(by priors: Priors) -> SelectedColours {
    switch weights {
    case .everySetting(let every): return every.weighed(by: priors)
    case .oneSetting(let kept, let selected):
      precondition(kept == priors, "colours weighed under other foreground priors")
      return selected
    }
  }

  /// What the weighing reads, and nothing else: colours weighed under one of these serve
  /// every analysis with the same (whose priors they serve). The backdrop is what the fill
  /// marked, compared sample by sample: a change of a backdrop control that leaves a photo's
  /// marks as they were leaves its colours weighed.
  public struct Parameters: Equatable, Sendable {
    let marks: BackdropMarks
    /// As it acts on the grid (``PaletteAnalyzer/alphaThreshold(actingOn:)``).
    let alphaThreshold: UInt32
    /// Where the product is worn, the only part of its hint the weighing reads.
    let wornOn: BodyRegion?

    /// The memory the marks take (kept elsewhere too, most often: a cache's budget counts them
    /// again to be safe).
    public var byteCount: Int { marks.byteCount }
  }

  /// The foreground priors an analysis asks for: its steps of the weighing stage.
  public struct Priors: Hashable, Sendable {
    let steps: Set<AnalysisStep>

    init(_ parameters: AnalysisParameters) {
      steps = parameters.steps.filter { $0.stage == .weighing }
    }

    var scene: Bool { steps.contains(.scenePrior) }
    var skin: Bool { steps.contains(.skinSuppression) }
    var skinWithoutPriority: Bool { steps.contains(.skinWithoutPriority) }
    var garment: Bool { steps.contains(.garmentPrior) }
  }

  /// A sum per part of a colour's samples that the priors treat alike (damped skin or not, in
  /// the garment's rows or not, with the scene prior's weight or without), kept only for the
  /// parts the photo has: a studio shot with no skin keeps a count per colour.
  struct EverySetting: Sendable {
    /// Each colour of a counted sample (`0x00RRGGBB`), once, in the order the grid first
    /// shows it: bins are then first seen in the samples' order.
    let colors: [UInt32]
    /// Per colour: its samples that no prior damps, in the garment's rows (all rows when the
    /// photo has no garment's rows).
    let undamped: Part
    /// Per colour: those outside the garment's rows (empty when the photo has none).
    let undampedOutside: Part
    /// The colours that have skin samples a skin region damps, their indices in `colors`
    /// ascending, with those samples' sums.
    let dampedColours: [Int32]
    let damped: DampedPart
    let dampedOutside: DampedPart
    /// Whether the person's skin takes no saturation priority when the parameters say so.
    let personSkin: Bool
    /// Whether the garment prior has rows to weigh (a person, and a hint where it is worn).
    let garmentRows: Bool

    var byteCount: Int {
      colors.count * MemoryLayout<UInt32>.stride + undamped.byteCount
        + undampedOutside.byteCount + dampedColours.count * MemoryLayout<Int32>.stride
        + damped.byteCount + dampedOutside.byteCount
    }

    /// The colours with the weights `priors` give their samples.
    func weighed(by priors: Priors) -> SelectedColours {
      let scene = !undamped.scene.isEmpty && priors.scene
      let garment = priors.skin && priors.garment && garmentRows
      let plainSkin = priors.skin && priors.skinWithoutPriority && personSkin
      // A garment's outside rows weigh half: halving a sum is exact, as halving each weight is.
      let outside = garment ? 0.5 : 1
      var prioritised = [Double](repeating: 0, count: colors.count)
      var plain = [Double](repeating: 0, count: plainSkin ? colors.count : 0)
      func sum(_ part: Part, _ i: Int) -> Double {
        scene ? part.scene[i] : Double(part.count[i])
      }
      for i in colors.indices {
        prioritised[i] = sum(undamped, i)
        if garmentRows { prioritised[i] += outside * sum(undampedOutside, i) }
      }
      func sum(_ part: DampedPart, _ d: Int) -> Double {
        switch (scene, priors.skin) {
        case (false, false): Double(part.count[d])
        case (false, true): part.damped[d]
        case (true, false): part.scene[d]
        case (true, true): part.sceneDamped[d]
        }
      }
      for (d, colour) in dampedColours.enumerated() {
        var weight = sum(damped, d)
        if garmentRows { weight += outside * sum(dampedOutside, d) }
        if plainSkin {
          plain[Int(colour)] += weight
        } else {
          prioritised[Int(colour)] += weight
        }
      }
      return SelectedColours(colors: colors, prioritised: prioritised, plain: plain)
    }
  }

  /// Some samples of each colour: how many (each weighs 1 with no scene prior) and, on a
  /// scene, their summed scene-prior weight (empty when the photo is not a scene).
  struct Part: Sendable {
    var count: [UInt32] = []
    var scene: [Double] = []

    var byteCount: Int {
      count.count * MemoryLayout<UInt32>.stride + scene.count * MemoryLayout<Double>.stride
    }
  }

  /// Damped skin samples of each colour of `dampedColours`: their weights before the skin
  /// step and after it, with no scene prior and with it (empty when not a scene).
  struct DampedPart: Sendable {
    var count: [UInt32] = []
    var damped: [Double] = []
    var scene: [Double] = []
    var sceneDamped: [Double] = []

    var byteCount: Int {
      count.count * MemoryLayout<UInt32>.stride
        + (damped.count + scene.count + sceneDamped.count) * MemoryLayout<Double>.stride
    }
  }
}

/// Weighed colours under one setting of the priors: each colour once, counted where its
/// samples weigh anything (the scene prior gives 0 to a colour only the border shows).
struct SelectedColours: Sendable, CountedSamples {
  let colors: [UInt32]
  let prioritised: [Double]
  /// Empty when no sample takes the priority away.
  let plain: [Double]

  init(colors: [UInt32], prioritised: [Double], plain: [Double]) {
    self.colors = colors
    self.prioritised = prioritised
    // Kept only where a sample weighs something there.
    self.plain = plain.contains { $0 != 0 } ? plain : []
  }

  var byteCount: Int {
    colors.count * MemoryLayout<UInt32>.stride
      + (prioritised.count + plain.count) * MemoryLayout<Double>.stride
  }

  var count: Int { colors.count }
  func isCounted(_ i: Int) -> Bool { prioritised[i] > 0 || (!plain.isEmpty && plain[i] > 0) }
  func color(_ i: Int) -> UInt32 { colors[i] }
  func weight(_ i: Int) -> (prioritised: Double, plain: Double) {
    (prioritised[i], plain.isEmpty ? 0 : plain[i])
  }
}
