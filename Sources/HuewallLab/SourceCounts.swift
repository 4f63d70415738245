/// Labelled images filed right, counted by source: what a refit that moves only for a gain
/// several shops share compares (``MeanColourFamiliesScore``, ``MetalTonesScore``).
enum SourceCounts {
  /// How many of `images` each source has right.
  static func correct<Image>(
    _ images: [Image], source: (Image) -> String, isCorrect: (Image) -> Bool
  ) -> [String: Int] {
    var counts: [String: Int] = [:]
    for image in images where isCorrect(image) { counts[source(image), default: 0] += 1 }
    return counts
  }

  /// The sources that `candidate` has more images right of than `current`.
  static func gaining(_ candidate: [String: Int], over current: [String: Int]) -> Set<String> {
    Set(candidate.keys).union(current.keys).filter {
      candidate[$0, default: 0] > current[$0, default: 0]
    }
  }
}
