import CGD
import Foundation
import HuewallCore
import Synchronization

/// Collects libgd's messages for the decode running on the current thread.
///
/// libgd reports problems through one process-wide callback and by default prints them to
/// stderr. Huewall installs a callback once; it appends to the collector bound to the current
/// task or thread, so concurrent decodes never see each other's messages, and messages outside
/// a decode are dropped rather than printed.
final class GDMessages: Sendable {
  private let lines = Mutex<[String]>([])

  @TaskLocal static var current: GDMessages?

  var all: [String] { lines.withLock { $0 } }

  fileprivate func append(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  /// Runs `body` with a fresh collector and returns what libgd said meanwhile.
  static func collect<R>(_ body: () throws -> R) rethrows -> (result: R, messages: [String]) {
    _ = installHandler
    let messages = GDMessages()
    let result = try $current.withValue(messages) { try body() }
    return (result, messages.all)
  }

  private static let installHandler: Void = { gdSetErrorMethod(forwardGDMessage) }()
}

private func forwardGDMessage(
  _ priority: Int32, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?
) {
  guard let format, let arguments, let collector = GDMessages.current else { return }
  var buffer = [CChar](repeating: 0, count: 1024)
  _ = vsnprintf(&buffer, buffer.count, format, arguments)
  let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  let line = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  if !line.isEmpty { collector.append(line) }
}
