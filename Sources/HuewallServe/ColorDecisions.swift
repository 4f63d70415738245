import Foundation
import HuewallColorWords
import HuewallCore
import HuewallExport
import HuewallPalette
import HuewallPipeline
import HuewallRequests
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
  /// The address may also carry the live parameters, as the page's own address has them: the
  /// answer then has the product's `line` as the analysis stream would send it now (its
  /// colours with the decision applied, its family, whether it disagrees with the vendor),
  /// its `review` reasons (empty when `huewall review` would not list it), and `hex` and
  /// `name`, the colour the decision shows first and its name. The page changes that one
  /// tile with it, and nothing else: the wall keeps its order until the person re-sorts it.
  ///
  /// The serve's catalogue is read-only, so the write opens its own connection, under the run
  /// lock as Save's export does: a run in progress makes it answer 409, to try again after.
  /// The server's own decisions are written one at a time (``decisionWrites``), so that they
  /// never contend with each other for that lock.
  func setColor(_ request: Request) async throws -> Response {
    let id = request.uri.queryParameters["product"].map(String.init) ?? ""
    guard !id.isEmpty else {
      throw ServeError(.badRequest, "name the product: /api/color?product=ID")
    }
    let asked = try parameters(of: request)
    let fields = try await Self.fields(of: request.body, contentType: request.headers[.contentType])
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
        _ = try OverrideInput.note(decision.note, product: id)
      } catch let failure as OverrideInput.Failure {
        throw ServeError(.badRequest, failure.message)
      }
    }
    var members = try await decisionWrites.run { () throws(ServeError) in
      try record(decision, clear: clear)
    }
    members += try await tile(id, under: asked)
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: JSONValue.object(members).serialized() + "\n")))
  }

  /// The fields of a form (`application/x-www-form-urlencoded`) or JSON object body, read
  /// by ``RequestFields``: a body that cannot be read is a 400 that says why (413 when it is
  /// over ``RequestFields/limit``, 415 for another media type).
  static func fields(of body: RequestBody, contentType: String?) async throws(ServeError)
    -> [String: String]
  {
    let buffer: ByteBuffer
    do {
      buffer = try await body.collect(upTo: RequestFields.limit)
    } catch is NIOTooManyBytesError {
      throw ServeError(RequestBodyError(.tooLarge(limit: RequestFields.limit)))
    } catch {
      throw ServeError(.badRequest, "the body could not be read: \(error)")
    }
    do {
      return try RequestFields.parse(buffer.readableBytesView, contentType: contentType)
    } catch {
      throw ServeError(error)
    }
  }

  /// Writes `decision` (or, with `clear`, forgets the product's decision) under the run lock;
  /// the members of the answer.
  private func record(_ decision: OverrideInput.Line, clear: Bool) throws(ServeError)
    -> [(String, JSONValue)]
  {
    let id = decision.id
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
    // `huewall serve` reads an SQLite catalogue only (the command refuses another).
    let store: CatalogStore
    do {
      store = try CatalogStore(path: configuration.database)
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
          ("decidedBy", .string(ColorsDocument.DecidedBy.analysis.rawValue)), ("override", .null),
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
          ("decidedBy", .string(ColorsDocument.DecidedBy.override.rawValue)),
          (
            "override",
            .object([
              ("family", .string(override.family.rawValue)),
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
    return members
  }

  /// What the page needs to change the tile of product `id` in place after a decision: its
  /// line under `asked` (its image's analysis as the wall on screen has it,
  /// ``knownResults(_:hints:)``, else one image analysed, from its cached sample grid when
  /// there is one), its review reasons, and the first colour with its name. Nothing for a
  /// product that is not on the wall.
  func tile(_ id: String, under asked: LiveParameters) async throws -> [(String, JSONValue)] {
    let entries = try catalogue()
    guard let entry = entries.first(where: { $0.id == id && !$0.isRemoved }),
      let sha = entry.imageSHA256
    else { return [] }
    let hints = Self.hints(of: entries)
    // Known, it costs nothing and leaves what is anticipated behind the wall going on.
    var analysed = try knownResults(asked, hints: hints)[sha]
    if analysed == nil {
      try await live.analyse(
        [sha], with: try PaletteAnalyzer(parameters: asked.parameters), hints: hints
      ) { analysed = $0 }
    }
    guard var analysed else { return [] }
    let decision = try decisions()[id]
    let typical = FamilyColors(entries: entries)
    let synonyms = configuration.synonyms
    // Filed as the wall's stream files it: by what the shop's vendor colours teach.
    let calibration = FamilyCalibration.learned(from: entries, synonyms: synonyms)
    if let calibration {
      var near: FamilyCalibration.Neighbourhoods = [:]
      analysed.family = calibration.refiled(
        analysed.family, topHex: analysed.colors.first?.namingHex,
        vendor: entry.vendorColor.flatMap(synonyms.family(of:)), near: &near)
    }
    let members = Self.lineMembers(
      product: id, analysed, vendorFamily: entry.vendorColor.flatMap(synonyms.family(of:)),
      decision: decision, images: entry.imageSHA256s, typical: typical,
      regions: asked.parameters[.shopperFamilies] ? .shopper : .original)
    let reasons =
      try LivePage.reviewReasons(
        entries: Self.coloured([entry], by: [sha: analysed]), preset: asked.preset,
        synonyms: synonyms, overrides: decision.map { [$0] } ?? [], typical: typical,
        calibration: calibration)[id] ?? []
    var answer: [(String, JSONValue)] = [
      ("line", .object(members)), ("review", .array(reasons.map(JSONValue.string))),
    ]
    if let first = LivePage.decided(
      colors: analysed.colors, family: analysed.family, images: entry.imageSHA256s,
      by: decision, typical: typical
    ).colors.first {
      answer += [
        ("hex", .string(first.hex)),
        ("name", NamedColourTable.css.name(ofHex: first.hex).map(JSONValue.string) ?? .null),
      ]
    }
    return answer
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
