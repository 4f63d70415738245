public import HuewallCore

/// What a live wall asks of an analyzer for a grid it keeps: whether its analyses weigh colours,
/// under which priors, the parameters each stage reads (its cache's keys), and the analysis
/// of colours weighed once for every setting of the priors.
extension PaletteAnalyzer {
  /// Whether these analyses weigh colours (``weighedColours(_:marks:hint:)``): any step of the
  /// product path is on.
  public var weighsColours: Bool { usesProductPath }

  /// The foreground priors these analyses ask for: kept colours weighed under others serve
  /// them only when kept for every setting.
  public var foregroundPriors: WeighedColours.Priors { .init(parameters) }

  /// What ``weighedColours(_:marks:hint:)`` reads for a product with `hint` whose grid has
  /// `outline` and `marks`: not the foreground priors, which the weighing serves all settings
  /// of.
  public func weighingParameters(
    for outline: GridOutline, hint: ProductHint, marks: BackdropMarks
  ) -> WeighedColours.Parameters {
    .init(
      marks: marks, alphaThreshold: alphaThreshold(actingOn: outline), wornOn: hint.wornOn,
      jewellery: hint.isJewellery)
  }

  /// What ``analyze(_:)-(WeighedColours)`` reads besides the colours: every parameter but
  /// the fill's (the alpha threshold and the steps of the backdrop stage), which reach it only
  /// through the backdrop marks the colours were weighed under. An analysis kept under these
  /// and the same ``weighingParameters(for:hint:marks:)`` serves a change of a backdrop control
  /// that leaves a photo's marks as they were.
  public var binningParameters: AnalysisParameters {
    var binning = parameters
    binning.alphaThreshold = 0
    binning.steps.subtract(AnalysisStep.acting(in: .backdrop))
    return binning
  }

  /// A kept grid's colours weighed with its backdrop already found, for
  /// ``analyze(_:)-(WeighedColours)``, whose colours are those of ``analyze(_:marks:hint:)``
  /// (the sums added per colour) under any foreground priors. Only when ``weighsColours``;
  /// `marks` as there.
  public func weighedColours(_ grid: SampleGrid, marks: BackdropMarks, hint: ProductHint = .none)
    -> WeighedColours
  {
    precondition(weighsColours, "weighing colours without a step of the product path")
    precondition(marks.bits.count == (grid.pixels.count + 63) / 64, "marks of another grid")
    var marked = grid
    marks.apply(to: &marked)
    let factors = PriorFactors(marked, backdrop: marks.backdrop, hint: hint, by: self)
    return WeighedColours(
      sums: .everySetting(.init(marked, factors)), counts: factors.counts)
  }

  /// Analyses colours weighed by ``weighedColours(_:marks:hint:)`` under the same
  /// ``weighingParameters(for:hint:marks:)`` and serving these ``foregroundPriors``: weighs them
  /// by these priors, bins, merges and ranks them.
  public func analyze(_ weighed: WeighedColours) -> PaletteAnalysis {
    let counts = parameters[.skinSuppression] ? weighed.counts : weighed.counts.withoutSkin
    return analyze(weighed.weights(under: foregroundPriors), counts: counts)
  }
}
