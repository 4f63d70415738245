import Foundation
import Testing

@testable import HuewallStore

/// Decoding notes and poison images: the notes are exactly the images being decoded, and only
/// notes left behind become poison.
@Suite struct PoisonImageStoreTests {
  let a = String(repeating: "a", count: 64)
  let b = String(repeating: "b", count: 64)
  let c = String(repeating: "c", count: 64)

  @Test func finishedImagesLeaveNoNote() throws {
    try withStore { store in
      let run = try store.startRun(kind: .run, parameterSetID: nil, at: t0)
      try store.noteDecoding(starting: a, finished: [], runID: run, at: t0)
      try store.noteDecoding(starting: b, finished: [a], runID: run, at: t0)
      try store.noteDecoding(starting: nil, finished: [b], runID: run, at: t0)
      #expect(try store.recoverPoisonImages(at: t1).isEmpty)
      #expect(try store.poisonImages().isEmpty)
    }
  }

  @Test func notesLeftByADeadProcessBecomePoisonOnce() throws {
    try withStore { store in
      let run = try store.startRun(kind: .run, parameterSetID: nil, at: t0)
      try store.noteDecoding(starting: a, finished: [], runID: run, at: t0)
      try store.noteDecoding(starting: b, finished: [], runID: run, at: t0)
      try store.noteDecoding(starting: c, finished: [a], runID: run, at: t0)
      // The process dies here, decoding b and c.
      let found = try store.recoverPoisonImages(at: t1)
      #expect(found.map(\.imageSHA256) == [b, c])
      #expect(
        found.allSatisfy {
          $0.reason == "the process stopped while decoding this image (run \(run))"
        })
      let poison = try store.poisonImages()
      #expect(Set(poison.keys) == [b, c])
      #expect(poison[b]?.runID == run && poison[b]?.foundAt == t1)
      // The notes are gone: a second recovery finds nothing new, and the poison stays.
      #expect(try store.recoverPoisonImages(at: t2).isEmpty)
      #expect(try store.poisonImages().count == 2)
    }
  }
}
