/// The callers a server-side hold (``Barrier``, ``Gate``) keeps waiting, under its lock, and
/// whether it has opened: once open, it holds no one.
struct HeldCallers {
  private(set) var waiting: [CheckedContinuation<Void, Never>] = []
  private(set) var isOpen = false

  mutating func hold(_ caller: CheckedContinuation<Void, Never>) { waiting.append(caller) }

  /// Opens the hold: the callers to resume, none when it was open already.
  mutating func open() -> [CheckedContinuation<Void, Never>] {
    guard !isOpen else { return [] }
    isOpen = true
    defer { waiting = [] }
    return waiting
  }

  /// Calls `open` on `hold` after `timeout`, so that a test whose hold never opens fails on
  /// what it checks instead of hanging.
  static func open<Hold: AnyObject & Sendable>(
    _ hold: Hold, after timeout: Duration, _ open: @escaping @Sendable (Hold) -> Void
  ) {
    Task { [weak hold] in
      try? await Task.sleep(for: timeout)
      if let hold { open(hold) }
    }
  }
}
