import Synchronization
import Testing

@testable import HuewallPipeline

/// The analysis writer's commits, on a clock the test moves by hand.
@Suite struct CommitPolicyTests {
  /// A clock that stands still until told to move.
  final class ManualClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)

    func advance(_ by: Duration) { offset.withLock { $0 += by } }
    var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
  }

  @Test func aBatchIsDueAt32ResultsOrAfterHalfASecond() {
    let clock = ManualClock()
    var policy = CommitPolicy(now: { clock.now })
    #expect(!policy.isDue(pending: 31))
    #expect(policy.isDue(pending: 32))
    policy.committed()

    // One slow image: what finished before it is committed once half a second has passed.
    clock.advance(.milliseconds(500))
    #expect(!policy.isDue(pending: 3), "exactly half a second is not yet over")
    clock.advance(.milliseconds(1))
    #expect(policy.isDue(pending: 3))
    policy.committed()
    #expect(!policy.isDue(pending: 3), "the age counts from the last commit")
    clock.advance(.milliseconds(400))
    #expect(!policy.isDue(pending: 3))
  }
}
