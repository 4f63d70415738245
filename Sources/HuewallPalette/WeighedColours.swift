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
  let sums: Sums
  /// The counts with the person's skin, as skin suppression reports them.
  let counts: SampleCounts

  /// Per part of each colour's samples, which serves every setting of the priors, or the
  /// colours' weights under one.
  enum Sums: Sendable {
    case everySetting(PartSums)
    /// Weighed under these priors only: what is kept of a photo whose colours are too many to
    /// keep for every setting (a scene's noise).
    case oneSetting(Priors, ColourWeights)
  }

  /// The memory the colours take, for a cache's budget.
  public var byteCount: Int {
    switch sums {
    case .everySetting(let partSums): partSums.byteCount
    case .oneSetting(_, let colourWeights): colourWeights.byteCount
    }
  }

  /// Whether these serve an analysis under `priors`.
  public func serves(_ priors: Priors) -> Bool {
    switch sums {
    case .everySetting: true
    case .oneSetting(let kept, _): kept == priors
    }
  }

  /// These colours under `priors` alone: less to keep where the priors tell many parts apart.
  public func narrowed(to priors: Priors) -> WeighedColours {
    .init(sums: .oneSetting(priors, weights(under: priors)), counts: counts)
  }

  /// The colours with the weights `priors` give their samples, for the bins.
  func weights(under priors: Priors) -> ColourWeights {
    switch sums {
    case .everySetting(let partSums): return partSums.weights(under: priors)
    case .oneSetting(let kept, let colourWeights):
      precondition(kept == priors, "colours weighed under other foreground priors")
      return colourWeights
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
    /// Where the product is worn, and whether it is jewellery: the parts of its hint the
    /// weighing reads.
    let wornOn: BodyRegion?
    let jewellery: Bool

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
}
