import CGD
import Foundation
import HuewallCore
import Synchronization

/// Collects libgd's messages for the decode running on the current thread.
///
/// libgd reports problems through one process-wide callback and by default prints them to
/// stderr. Huewall installs a callback once; it appends to the collector bound to the current
/// task or thread, so concurrent decodes never see each other's messages, and messages outside
/// a decode are dropped rather than printed. libpng's own warnings, which libgd leaves to
/// libpng's default handler (a line on C's stderr), are caught on their way to stderr and
/// collected the same way.
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

  private static let installHandler: Void = {
    gdSetErrorMethod(forwardGDMessage)
    routeCStandardError()
  }()

  /// Makes C's stderr an unbuffered stream that hands libpng's lines to the current
  /// collector and passes everything else on to file descriptor 2 unchanged. Unbuffered, so
  /// that each `fprintf` reaches the callback whole on the thread that wrote it: with a
  /// shared line buffer, a decode's message could be flushed by another thread's newline,
  /// into that thread's collector.
  private static func routeCStandardError() {
    let functions = huewall_stream_functions(
      read: nil, write: forwardStandardError, seek: nil, close: nil)
    guard let stream = huewall_fopencookie(nil, "w", functions) else { return }
    setvbuf(stream, nil, _IONBF, 0)
    huewall_replace_stderr(stream)
  }
}

/// One write to C's stderr: one `fprintf`, since the stream is unbuffered.
private func forwardStandardError(
  _ cookie: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<CChar>?, _ count: Int
) -> Int {
  guard let bytes, count > 0 else { return 0 }
  let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
  // libpng ends its message with a newline of its own `fprintf`: part of a line collected.
  if buffer.elementsEqual("\n".utf8) { return count }
  if buffer.starts(with: "libpng ".utf8) {
    // libpng's "libpng warning: …" and "libpng error: …": a decode's message, or nobody's.
    let line = String(decoding: buffer, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    GDMessages.current?.append(line)
    return count
  }
  var offset = 0
  while offset < count {
    let written = write(STDERR_FILENO, bytes + offset, count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return -1
    }
    offset += written
  }
  return count
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
