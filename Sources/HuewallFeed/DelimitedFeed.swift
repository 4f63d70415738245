import Foundation

/// CSV and Google Merchant TSV: a header row names the columns, in any order; columns Huewall
/// does not use are ignored. A WooCommerce or Magento 2 product export is recognised by its
/// columns and read with its variations folded (``ShopExport``).
enum DelimitedFeed {
  typealias Field = FeedColumn

  /// Google Merchant Center's attribute names.
  static let merchantColumns: [Field: [String]] = [
    .id: ["id"],
    .title: ["title"],
    .brand: ["brand"],
    .color: ["color"],
    .size: ["size"],
    .link: ["link"],
    .image: ["image_link"],
    .additionalImages: ["additional_image_link"],
    .price: ["price"],
    .availability: ["availability"],
    .itemGroupId: ["item_group_id"],
  ]

  /// The names a CSV column may have, preferred first.
  static let csvColumns: [Field: [String]] = [
    .id: ["id", "sku", "product_id", "item_id"],
    .title: ["title", "name", "product_name", "product_title"],
    .brand: ["brand", "vendor", "manufacturer", "brands"],
    .color: ["color", "colour", "vendor_color", "color_name", "colour_name"],
    .size: ["size"],
    .link: ["link", "url", "product_url", "product_link"],
    // `base_image`: Magento's catalogue export.
    .image: ["image_link", "image", "image_url", "main_image", "main_image_url", "base_image"],
    .additionalImages: [
      "additional_image_link", "additional_image_links", "additional_images",
      "additional_image_urls", "images", "image_urls",
    ],
    // `Regular price`: WooCommerce's product export, whose `Stock` is a quantity.
    .price: ["price", "regular_price"],
    .currency: ["currency"],
    .availability: ["availability", "stock_status"],
    .itemGroupId: ["item_group_id", "group_id", "parent_id", "parent_sku"],
  ]

  /// Reads the rows of a CSV or TSV feed in order, calling `each` with every data row as an
  /// item. Blank rows, and rows starting with `#` before the header (Meta's catalogue feeds
  /// carry comments there), are skipped; the first other row is the header. `mapping` names
  /// the columns of fields whose column has a name Huewall does not know (`feed.columns`).
  ///
  /// A shop's export whose rows refer to each other (a WooCommerce variation to its parent, a
  /// Magento configurable product to its simples) is read twice: once for what the parents
  /// hold, once for the items.
  static func read(
    _ input: FeedInput, as format: FeedFormat, mapping: [FeedColumn: String] = [:],
    maxFieldBytes: Int, each: (RawItem) throws -> Void
  ) throws {
    let input = try input.convertingUTF16()
    let delimiter =
      format == .merchantTSV ? UInt8(ascii: "\t") : sniffDelimiter(Array(FeedText.utf8(input.head)))
    let names = format == .merchantTSV ? merchantColumns : csvColumns
    var columns: Columns?
    var family = ShopExport.Family()
    // The lines of the parents, for an error that names the rows of a loop of them.
    var parentLines: [String: Int] = [:]
    try forEachRow(
      input, delimiter: delimiter, maxFieldBytes: maxFieldBytes,
      header: { header in
        let found = try Columns(header: header, names: names, mapping: mapping)
        columns = found
        return found.export != nil
      },
      row: { record, _ in
        guard let columns, let export = columns.export else { return }
        export.collect(record.fields, columns: columns, into: &family)
        if let id = columns.value(.id, in: record.fields).nonEmptyTrimmed,
          family.parents[id] != nil, parentLines[id] == nil
        {
          parentLines[id] = record.line
        }
      })
    guard let columns else { throw FeedError.Reason.noHeader }
    if let export = columns.export { export.finish(&family) }
    let cycles = ConfigurableCycles(family)
    try forEachRow(
      input, delimiter: delimiter, maxFieldBytes: maxFieldBytes, header: { _ in true },
      row: { record, position in
        var item = columns.item(from: record, position: position, maxFieldBytes: maxFieldBytes)
        columns.export?.complete(&item, record.fields, columns: columns, family: family)
        // The parent's own row; another store view's translates it and says nothing.
        if !cycles.isEmpty, let id = item.id.nonEmptyTrimmed, parentLines[id] == record.line,
          let problem = cycles.problem(of: id, lines: parentLines)
        {
          item.isFoldedParent = false
          item.malformed = problem
        }
        try each(item)
      })
  }

  /// Calls `header` with the header row, then `row` with every data row and its 1-based
  /// position until `header` returns false or the rows end.
  private static func forEachRow(
    _ input: FeedInput, delimiter: UInt8, maxFieldBytes: Int,
    header: ([String]) throws -> Bool, row: (DelimitedText.Record, Int) throws -> Void
  ) throws {
    struct Stop: Error {}
    var reader = DelimitedText.Reader(delimiter: delimiter, maxFieldBytes: maxFieldBytes)
    var seenHeader = false
    var position = 0

    func handle(_ record: DelimitedText.Record) throws {
      if !record.hasTooManyFields && record.fields.allSatisfy({ $0.nonEmptyTrimmed == nil }) {
        return
      }
      guard seenHeader else {
        if record.hasTooManyFields {
          throw FeedError.Reason.unexpectedStructure(
            "the header row (line \(record.line)) has more than"
              + " \(DelimitedText.maxFieldsPerRecord) columns")
        }
        if record.fields.first.map(normalize)?.hasPrefix("#") == true { return }
        if record.fields.contains(where: { $0.contains("://") }) {
          throw FeedError.Reason.unexpectedStructure(
            "the first row holds URLs, not column names: no header row")
        }
        seenHeader = true
        if try !header(record.fields) { throw Stop() }
        return
      }
      position += 1
      try row(record, position)
    }

    do {
      try input.forEachChunk { chunk in
        try reader.consume(chunk, handle)
      }
      try reader.finish(handle)
    } catch is Stop {
      return
    }
    if !seenHeader { throw FeedError.Reason.noHeader }
  }

  /// Whether the first line has tabs and an `id` column: Google Merchant TSV.
  static func looksLikeMerchantTSV(_ data: Data) -> Bool {
    let line = fromHeader(Array(FeedText.firstBytes(of: data))).prefix { $0 != 0x0A && $0 != 0x0D }
    guard line.contains(0x09) else { return false }
    return line.split(separator: 0x09).contains { cell in
      normalize(String(decoding: cell, as: UTF8.self).replacingOccurrences(of: "\"", with: ""))
        == "id"
    }
  }

  /// The delimiter of a CSV file: whichever of comma, semicolon and tab its header row has most
  /// of, outside quotes (spreadsheet programs in many locales export with semicolons); a tie
  /// goes to the earlier of comma, semicolon, tab, so that the answer never depends on the
  /// order a dictionary happens to iterate in.
  static func sniffDelimiter(_ bytes: [UInt8]) -> UInt8 {
    let candidates = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
    var counts = [0, 0, 0]
    var quoted = false
    for byte in fromHeader(bytes) {
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted && (byte == 0x0A || byte == 0x0D) {
        break
      } else if !quoted, let index = candidates.firstIndex(of: byte) {
        counts[index] += 1
      }
    }
    var best = 0
    for index in counts.indices where counts[index] > counts[best] { best = index }
    return candidates[best]
  }

  /// The bytes from the header row on: blank lines, `#` comment lines and white space before
  /// it skipped (a byte-order mark after white space too: some exports write one there).
  static func fromHeader(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    var rest = bytes[...]
    while true {
      rest = rest.drop { FeedText.isWhitespace($0) }
      if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
      guard rest.first == UInt8(ascii: "#") else { return rest }
      rest = rest.drop { $0 != 0x0A && $0 != 0x0D }
    }
  }

  /// A column name in its comparable form: `Image Link`, `image-link` and `g:image_link` are
  /// all `image_link`. A byte-order mark that white space kept from the start of the file is
  /// dropped.
  static func normalize(_ name: String) -> String {
    var name = name.trimmingCharacters(in: whitespaceAndMark).lowercased()
    if name.hasPrefix("g:") { name.removeFirst(2) }
    return name.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
  }

  private static let whitespaceAndMark = CharacterSet.whitespacesAndNewlines.union(
    CharacterSet(charactersIn: "\u{FEFF}"))

  /// The URLs of a list cell. Newlines and `|` always separate; a comma separates where the
  /// next entry starts a URL (`https://…`, `//…`), so that commas inside URLs (image CDNs'
  /// `w_400,h_400` transformations) survive. In a cell without any `://`, every comma
  /// separates relative paths.
  static func splitURLList(_ cell: String) -> [String] {
    let separators: Set<UInt8> = [0x0A, 0x0D, UInt8(ascii: "|"), UInt8(ascii: ",")]
    guard cell.utf8.contains(where: separators.contains) else {
      return cell.nonEmptyTrimmed.map { [$0] } ?? []
    }
    return cell.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "|" }).flatMap {
      piece -> [String] in
      let parts = piece.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard piece.utf8.indices.contains(where: { piece.utf8[$0...].starts(with: "://".utf8) })
      else { return parts }
      var urls: [String] = []
      for part in parts {
        let trimmed = part.nonEmptyTrimmed ?? ""
        if urls.isEmpty || trimmed.hasPrefix("//") || FeedParser.scheme(of: trimmed) != nil {
          urls.append(part)
        } else {
          urls[urls.count - 1] += "," + part
        }
      }
      return urls
    }.compactMap(\.nonEmptyTrimmed)
  }

  /// Which column holds which field.
  struct Columns {
    private var single: [Field: Int] = [:]
    private var lists: [Field: [Int]] = [:]
    /// The shop export the header is, when it is one.
    private(set) var export: ShopExport?
    /// The header's columns when none is the title: said once, as a warning with the first
    /// item, since every title is then empty.
    private(set) var withoutTitle: [String]?

    init(
      header: [String], names: [Field: [String]], mapping: [FeedColumn: String] = [:]
    ) throws(FeedError.Reason) {
      let normalized = header.map(DelimitedFeed.normalize)
      for (field, aliases) in names {
        if field.isList {
          lists[field] = normalized.indices.filter { aliases.contains(normalized[$0]) }
        } else if let index = aliases.lazy.compactMap({ normalized.firstIndex(of: $0) }).first {
          single[field] = index
        }
      }
      if names == DelimitedFeed.csvColumns, let export = ShopExport(header: normalized) {
        self.export = export
        for (field, index) in export.columns {
          if field.isList {
            lists[field] = [index]
            if field == .additionalImages { single[.image] = nil }
          } else {
            single[field] = index
          }
        }
      }
      let found = header.map { $0.trimmingCharacters(in: DelimitedFeed.whitespaceAndMark) }
      for field in FeedColumn.allCases {
        guard let name = mapping[field] else { continue }
        guard let index = normalized.firstIndex(of: DelimitedFeed.normalize(name)) else {
          throw .mappedColumnNotFound(field.rawValue, name: name, found: found)
        }
        if field.isList {
          lists[field] = [index]
        } else {
          single[field] = index
          if field == .image { lists[.additionalImages]?.removeAll { $0 == index } }
        }
      }
      guard single[.id] != nil else {
        throw .missingColumn("id", accepted: names[.id]!, found: found)
      }
      if single[.title] == nil { withoutTitle = found }
      guard single[.image] != nil || !(lists[.additionalImages] ?? []).isEmpty else {
        throw .missingColumn(
          "image", accepted: names[.image]! + (names[.additionalImages] ?? []), found: found)
      }
    }

    /// The item of one data row.
    func item(from record: DelimitedText.Record, position: Int, maxFieldBytes: Int) -> RawItem {
      var item = RawItem(position: position, line: record.line)
      item.relativeImagesUseImageBase = true
      if record.hasTooManyFields {
        item.malformed =
          "line \(record.line) has more than \(DelimitedText.maxFieldsPerRecord) fields"
        return item
      }
      for field in Field.allCases {
        let columns = lists[field] ?? single[field].map { [$0] } ?? []
        let cells = columns.compactMap {
          record.fields.indices.contains($0) ? record.fields[$0] : nil
        }
        if item.tooLong == nil,
          columns.contains(where: record.oversized.contains)
            || cells.contains(where: { $0.utf8.count > maxFieldBytes })
        {
          item.tooLong = field.field
        }
        let replaced = columns.reduce(0) { $0 + (record.replaced[$1] ?? 0) }
        if replaced > 0 {
          if !item.replaced.contains(field.field) { item.replaced.append(field.field) }
          item.replacedCount += replaced
        }
      }
      let value = { (field: Field) in self.value(field, in: record.fields) }
      item.id = value(.id)
      item.title = value(.title)
      item.brand = value(.brand)
      item.color = value(.color)
      item.size = value(.size)
      item.link = value(.link)
      item.images = value(.image).map(DelimitedFeed.splitImageCell) ?? []
      item.images += values(.additionalImages, in: record.fields).flatMap(splitURLList)
      item.price = value(.price)
      if let price = item.price.nonEmptyTrimmed, let currency = value(.currency).nonEmptyTrimmed,
        !price.contains(where: \.isLetter)
      {
        item.price = "\(price) \(currency)"
      }
      item.availability = value(.availability)
      item.itemGroupId = value(.itemGroupId)
      item.columnsWithoutTitle = withoutTitle
      return item
    }

    func value(_ field: Field, in fields: [String]) -> String? {
      guard let index = single[field], fields.indices.contains(index) else { return nil }
      return fields[index]
    }

    func values(_ field: Field, in fields: [String]) -> [String] {
      (lists[field] ?? []).compactMap { fields.indices.contains($0) ? fields[$0] : nil }
    }
  }

  /// The main image cell: one URL, or a list of them where the cell is plainly one (a
  /// WooCommerce `Images` cell mapped as the image column: `https://…/a.jpg, https://…/b.jpg`;
  /// relative paths as absolute URLs: `a.jpg|img/b.jpg`).
  static func splitImageCell(_ cell: String) -> [String] {
    guard
      cell.utf8.contains(where: { $0 == UInt8(ascii: "|") || $0 == 0x0A })
        || (cell.contains("://") && (cell.contains(", http") || cell.contains(",http")))
    else { return [cell] }
    return splitURLList(cell)
  }
}

/// RFC 4180 records: fields separated by a delimiter, records by CRLF, LF or CR; a field in
/// double quotes may hold delimiters, line breaks and doubled quotes.
enum DelimitedText {
  struct Record {
    var fields: [String]
    /// The 1-based line the record starts on.
    var line: Int
    /// The fields longer than the limit; they are read as empty.
    var oversized: Set<Int> = []
    /// The fields read with U+FFFD for bytes undefined in Windows-1252, with how many.
    var replaced: [Int: Int] = [:]
    /// The record has more than ``maxFieldsPerRecord`` fields; only that many are kept.
    var hasTooManyFields = false
  }

  /// The most fields of one record that are kept: far more than any shop's export has columns
  /// (Magento's has about a hundred), few enough that a line of nothing but delimiters costs
  /// no more memory than its bytes.
  static let maxFieldsPerRecord = 10_000

  /// Reads records from bytes that arrive a chunk at a time. Each field is UTF-8; a byte that
  /// is not part of UTF-8 is read as Windows-1252 (what spreadsheet programs in Western Europe
  /// and the Americas export by default: a `–` pasted into a UTF-8 title stays a dash), with
  /// U+FFFD for the five bytes Windows-1252 leaves undefined, counted in the record. A field
  /// is kept up to one byte past `maxFieldBytes`, so that a runaway one is not held whole.
  struct Reader {
    let delimiter: UInt8
    let maxFieldBytes: Int
    private var fields: [String] = []
    private var field: [UInt8] = []
    private var oversized: Set<Int> = []
    private var replaced: [Int: Int] = [:]
    private var hasTooManyFields = false
    private var line = 1
    private var recordLine = 1
    private var quoted = false
    private var quoteLine = 0
    private var fieldStart = true
    /// A byte whose meaning depends on the next one (CR before LF, a quote inside quotes),
    /// held back until the next chunk.
    private var pending: UInt8?

    init(delimiter: UInt8, maxFieldBytes: Int = FeedParser.defaultMaxFieldBytes) {
      self.delimiter = delimiter
      self.maxFieldBytes = maxFieldBytes
    }

    /// Reads one chunk, calling `body` for every record completed in it.
    mutating func consume(_ chunk: Data, _ body: (Record) throws -> Void) throws {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(chunk.count + 1)
      if let pending { bytes.append(pending) }
      pending = nil
      bytes.append(contentsOf: chunk)
      try read(bytes, final: false, body)
    }

    /// The end of the input: the last record, which may lack a line break.
    mutating func finish(_ body: (Record) throws -> Void) throws {
      let rest = pending.map { [$0] } ?? []
      pending = nil
      try read(rest, final: true, body)
      if quoted { throw FeedError.Reason.unterminatedQuote(line: quoteLine) }
      if !fields.isEmpty || !field.isEmpty {
        endField()
        try endRecord(body)
      }
    }

    private mutating func endField() {
      if fields.count >= DelimitedText.maxFieldsPerRecord {
        hasTooManyFields = true
      } else if field.count > maxFieldBytes {
        oversized.insert(fields.count)
        fields.append("")
      } else if let text = String(validating: field, as: UTF8.self) {
        fields.append(text)
      } else {
        let (text, undefined) = Self.utf8OrWindows1252(field)
        if undefined > 0 { replaced[fields.count] = undefined }
        fields.append(text)
      }
      field.removeAll(keepingCapacity: true)
      fieldStart = true
    }

    private mutating func endRecord(_ body: (Record) throws -> Void) throws {
      let record = Record(
        fields: fields, line: recordLine, oversized: oversized, replaced: replaced,
        hasTooManyFields: hasTooManyFields)
      fields.removeAll()
      oversized.removeAll()
      replaced.removeAll()
      hasTooManyFields = false
      try body(record)
    }

    /// Keeps bytes of the field up to one past the limit: enough to know it is over.
    private mutating func append(_ byte: UInt8) {
      if field.count <= maxFieldBytes { field.append(byte) }
    }

    /// The text of bytes that are UTF-8 in part: each UTF-8 character as it is, every other
    /// byte as Windows-1252, U+FFFD for the bytes Windows-1252 does not define; and how many
    /// of those there were.
    static func utf8OrWindows1252(_ bytes: [UInt8]) -> (String, undefined: Int) {
      var scalars = String.UnicodeScalarView()
      var undefined = 0
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
        if length > 0, i + length <= bytes.count,
          let text = String(validating: bytes[i..<(i + length)], as: UTF8.self)
        {
          scalars.append(contentsOf: text.unicodeScalars)
          i += length
          continue
        }
        if let scalar = Windows1252.scalar(byte) {
          scalars.append(scalar)
        } else {
          scalars.append("\u{FFFD}")
          undefined += 1
        }
        i += 1
      }
      return (String(scalars), undefined)
    }

    private mutating func read(
      _ bytes: [UInt8], final: Bool, _ body: (Record) throws -> Void
    ) throws {
      let quote = UInt8(ascii: "\"")
      let cr: UInt8 = 0x0D
      let lf: UInt8 = 0x0A
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        let isLast = i + 1 == bytes.count
        if !final && isLast && (byte == cr || (quoted && byte == quote)) {
          pending = byte
          return
        }
        if quoted {
          if byte == quote {
            if !isLast && bytes[i + 1] == quote {
              append(quote)
              i += 2
            } else {
              quoted = false
              i += 1
            }
            continue
          }
          if byte == cr || byte == lf {
            // A line break inside quotes is part of the value, as a plain LF.
            line += 1
            i += byte == cr && !isLast && bytes[i + 1] == lf ? 2 : 1
            append(lf)
            continue
          }
          append(byte)
          i += 1
          continue
        }
        switch byte {
        case quote where fieldStart:
          quoted = true
          quoteLine = line
          fieldStart = false
          i += 1
        case delimiter:
          endField()
          i += 1
        case cr, lf:
          endField()
          try endRecord(body)
          i += byte == cr && !isLast && bytes[i + 1] == lf ? 2 : 1
          line += 1
          recordLine = line
        default:
          append(byte)
          fieldStart = false
          i += 1
        }
      }
    }
  }
}
