import Foundation
import HuewallCore
import HuewallExport
import HuewallPipeline
import HuewallStore
import Hummingbird
import NIOCore

extension TuningServer {
  /// `POST /api/color?product=ID`: a person's decision about a product's colour from its
  /// details on the live wall, recorded as `huewall set-color` records it (the same checks and
  /// messages). The body, a form or a JSON object, gives `family`, and optionally `hex` and
  /// `note`; `clear` (or the family "clear") forgets the decision. Answers JSON: the decision,
  /// or `{"error": {"message": …}}` naming the product.
  ///
  /// The serve's catalogue is read-only, so the write opens its own connection, under the run
  /// lock as Save's export does: a run in progress makes it answer 409, to try again after.
  func setColor(_ request: Request) async throws -> Response {
    let id = request.uri.queryParameters["product"].map(String.init) ?? ""
    guard !id.isEmpty else {
      throw ServeError(.badRequest, "name the product: /api/color?product=ID")
    }
    let fields = try await Self.fields(of: request)
    let family = fields["family"]?.trimmingCharacters(in: .whitespaces) ?? ""
    let clear =
      ["true", "1", "on", "yes"].contains(fields["clear"]?.lowercased() ?? "")
      || family.lowercased() == "clear"
    let decision = OverrideInput.Line(
      line: 0, id: id, family: clear ? nil : family, hex: fields["hex"], note: fields["note"])
    // Checked before anything is opened, with the command's messages.
    if !clear {
      do {
        _ = try OverrideInput.family(family, product: id)
        if let hex = decision.hex, !hex.trimmingCharacters(in: .whitespaces).isEmpty {
          _ = try OverrideInput.hex(hex, product: id)
        }
      } catch let failure as OverrideInput.Failure {
        throw ServeError(.badRequest, failure.message)
      }
    }
    let lock: RunLock
    do {
      lock = try RunLock(path: configuration.lock)
    } catch .held {
      throw ServeError(
        .conflict,
        "product \(id): a run holds the catalogue's lock; set the colour again when it ends")
    } catch {
      throw ServeError(.internalServerError, error.localizedDescription)
    }
    defer { withExtendedLifetime(lock) {} }
    let store: any Catalogue
    do {
      store = try configuration.openCatalogue()
    } catch {
      throw ServeError(.internalServerError, "cannot open the catalogue: \(error)")
    }
    defer { try? store.close() }
    var members: [(String, JSONValue)] = [("product", .string(id))]
    do {
      guard let target = try store.overrideTargets(productIDs: [id])[id] else {
        throw ServeError(.notFound, OverrideInput.unknownProduct(id))
      }
      if clear {
        let cleared = try store.clearColorOverrides(productIDs: [id])
        members += [
          ("decidedBy", .string(ColorsDocument.DecidedBy.analysis)), ("override", .null),
          (
            "message",
            .string(
              cleared > 0
                ? "product \(id): decision cleared; the analysis decides again"
                : "product \(id): had no decision; nothing to clear")
          ),
        ]
      } else {
        let override = try decision.override(target: target, at: Date())
        try store.saveColorOverrides([override])
        members += [
          ("decidedBy", .string(ColorsDocument.DecidedBy.override)),
          (
            "override",
            .object([
              ("family", .string(override.family)),
              ("hex", override.hex.map(JSONValue.string) ?? .null),
              ("note", override.note.map(JSONValue.string) ?? .null),
            ])
          ),
          ("message", .string("product \(id): \(OverrideInput.describe(override))")),
        ]
      }
    } catch let error as ServeError {
      throw error
    } catch let failure as OverrideInput.Failure {
      throw ServeError(.badRequest, failure.message)
    } catch {
      throw ServeError(.internalServerError, "product \(id): \(error)")
    }
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: JSONValue.object(members).serialized() + "\n")))
  }

  /// The fields of a form (`application/x-www-form-urlencoded`) or JSON object body; JSON
  /// numbers and booleans are read as their text (`true` may read as `1`).
  static func fields(of request: Request) async throws -> [String: String] {
    let buffer = try await request.body.collect(upTo: 64 << 10)
    let data = Data(buffer.readableBytesView)
    guard !data.isEmpty else { return [:] }
    let type = request.headers[.contentType]?.lowercased() ?? ""
    if type.hasPrefix("application/json") || data.first == UInt8(ascii: "{") {
      guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw ServeError(.badRequest, "the body is not a JSON object")
      }
      var fields: [String: String] = [:]
      for (key, value) in object {
        switch value {
        case let text as String: fields[key] = text
        case is NSNull: continue
        case let number as NSNumber: fields[key] = number.stringValue
        default: fields[key] = "\(value)"
        }
      }
      return fields
    }
    var components = URLComponents()
    components.percentEncodedQuery = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "+", with: "%20")
    var fields: [String: String] = [:]
    for item in components.queryItems ?? [] { fields[item.name] = item.value ?? "" }
    return fields
  }

  /// People's decisions by product id, as the catalogue has them now.
  func decisions() throws -> [String: ColorOverride] {
    Dictionary(
      try store.colorOverrides(imagesPerProduct: configuration.imagesPerProduct).map {
        ($0.override.productID, $0.override)
      },
      uniquingKeysWith: { first, _ in first })
  }
}
