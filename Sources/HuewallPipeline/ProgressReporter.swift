public import Foundation
import Synchronization

/// A one-line progress display on a terminal (counts, rate, ETA); silent when not a terminal,
/// so that a cron job mails only warnings and the final summary.
public final class ProgressReporter: Sendable {
  private struct State {
    var label = ""
    var done = 0
    var total = 0
    var started = Date()
    var lastDrawn = Date.distantPast
  }

  private let state = Mutex(State())
  public let isInteractive: Bool

  public init(interactive: Bool = isatty(STDERR_FILENO) == 1) {
    isInteractive = interactive
  }

  public func begin(_ label: String, total: Int) {
    state.withLock { $0 = State(label: label, total: total) }
    draw(force: true)
  }

  public func advance(by count: Int = 1) {
    state.withLock { $0.done += count }
    draw(force: false)
  }

  /// Clears the line, leaving the terminal as it was.
  public func end() {
    guard isInteractive else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }

  private func draw(force: Bool) {
    guard isInteractive else { return }
    let line: String? = state.withLock { s in
      let now = Date()
      guard force || now.timeIntervalSince(s.lastDrawn) >= 0.1 || s.done == s.total else {
        return nil
      }
      s.lastDrawn = now
      let elapsed = now.timeIntervalSince(s.started)
      let rate = elapsed > 0 ? Double(s.done) / elapsed : 0
      var text = "\(s.label) \(s.done)/\(s.total)"
      if s.done > 0, elapsed > 0.5 {
        text += String(format: "  %.1f/s", rate)
        if rate > 0, s.done < s.total {
          text += "  ETA \(Self.duration(Double(s.total - s.done) / rate))"
        }
      }
      return text
    }
    if let line { FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8)) }
  }

  static func duration(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    return s >= 3600 ? "\(s / 3600)h\(s % 3600 / 60)m" : s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s"
  }
}
