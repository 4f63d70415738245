import Foundation
import HuewallCore
import HuewallExport
import HuewallPipeline
import HuewallRequests
import HuewallStore
import Hummingbird
import Logging
import NIOCore

extension TuningServer {
  /// Saves the parameters in the address under `name`: the same parameter set and analyses
  /// `huewall analyze --name` makes, then its export to `<output>-<name>`. Streams NDJSON
  /// lines `{"message": …}` as it goes; while a run holds the catalogue's lock it waits, and
  /// says so. The name and the parameters come in the address alone: a body with fields is
  /// refused, and so is one that cannot be read as a form or JSON object.
  func save(_ request: Request) async throws -> Response {
    let asked = try parameters(of: request)
    let sent = try await Self.fields(of: request.body, contentType: request.headers[.contentType])
    if let field = sent.keys.min() {
      throw ServeError(
        .badRequest,
        "Save reads the name and the parameters from the address (api/save?name=…&numColors=…), "
          + "not from the body, which has the field \(RequestBodyError.Field.named(field))")
    }
    let name = request.uri.queryParameters["name"].map(String.init) ?? ""
    guard Self.isUsableName(name) else {
      throw ServeError(
        .badRequest,
        "a parameter set's name is \(LivePage.setNameRule)")
    }
    var saving = self.configuration
    saving.output += "-" + name
    let (configuration, logger) = (saving, self.logger)
    let body = ResponseBody { writer in
      func say(_ message: String, failed: Bool = false) async throws {
        let line = JSONValue.object([("message", .string(message)), ("failed", .bool(failed))])
        try await writer.write(ByteBuffer(string: line.serialized() + "\n"))
      }
      let runner = Pipeline(
        configuration: configuration, logger: logger, progress: ProgressReporter(interactive: false)
      )
      var waited = false
      while true {
        do {
          let report = try await runner.reanalyse(
            preset: asked.preset, overrides: asked.overrides, name: name)
          try await say("saved \(name): \(report.counts.imagesDecoded) images analysed; exporting…")
          break
        } catch let error as PipelineError where error.isLockHeld {
          if !waited {
            try await say("a run holds the catalogue's lock; saving \(name) when it ends…")
            waited = true
          }
          try await Task.sleep(for: .seconds(1))
        } catch {
          try await say("cannot save \(name): \(error.localizedDescription)", failed: true)
          try await writer.finish(nil)
          return
        }
      }
      do {
        let summary = try await Self.export(name, with: configuration)
        try await say("saved \(name) and exported it to \(summary.folder.path)")
      } catch {
        try await say(
          "saved \(name), but its export failed: \(error.localizedDescription)", failed: true)
      }
      try await writer.finish(nil)
    }
    return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
  }

  /// Exports the stored parameter set `name` as `huewall export --params` does, under the
  /// run lock.
  static func export(_ name: String, with configuration: PipelineConfiguration) async throws
    -> Exporter.Summary
  {
    let lock = try RunLock(path: configuration.lock)
    defer { withExtendedLifetime(lock) {} }
    try configuration.checkOutput()
    let store = try CatalogStore(path: configuration.database)
    guard let set = try store.parameterSet(named: name) else {
      throw ServeError(.notFound, "no parameter set named \"\(name)\"")
    }
    return try await configuration.exporter(store: store).export(
      parameterSet: set, to: URL(fileURLWithPath: configuration.output))
  }

  /// The rule every command checks a name by (``ParameterSetName``).
  static func isUsableName(_ name: String) -> Bool { ParameterSetName.isUsable(name) }
}
