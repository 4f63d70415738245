import Foundation

/// CSV and Google Merchant TSV: a header row names the columns, in any order; columns Huewall
/// does not use are ignored.
enum DelimitedFeed {
  /// The Huewall fields a column can fill.
  enum Field: CaseIterable {
    case id, title, brand, color, link, image, additionalImages, price, currency, availability
    case itemGroupId

    /// The product field it fills, as item errors and warnings name it.
    var name: String {
      switch self {
      case .image, .additionalImages: "image"
      case .currency: "price"
      default: "\(self)"
      }
    }
  }

  /// Google Merchant Center's attribute names.
  static let merchantColumns: [Field: [String]] = [
    .id: ["id"],
    .title: ["title"],
    .brand: ["brand"],
    .color: ["color"],
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
    .brand: ["brand", "vendor", "manufacturer"],
    .color: ["color", "colour", "vendor_color", "color_name", "colour_name"],
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
  /// carry comments there), are skipped; the first other row is the header.
  static func read(
    _ input: FeedInput, as format: FeedFormat, maxFieldBytes: Int,
    each: (RawItem) throws -> Void
  ) throws {
    let input = try input.convertingUTF16()
    let delimiter =
      format == .merchantTSV ? UInt8(ascii: "\t") : sniffDelimiter(Array(FeedText.utf8(input.head)))
    let names = format == .merchantTSV ? merchantColumns : csvColumns
    var reader = DelimitedText.Reader(delimiter: delimiter, maxFieldBytes: maxFieldBytes)
    var columns: Columns?
    var position = 0

    func handle(_ record: DelimitedText.Record) throws {
      if record.fields.allSatisfy({ $0.nonEmptyTrimmed == nil }) { return }
      guard let columns else {
        if record.fields.first?.hasPrefix("#") == true { return }
        if record.fields.contains(where: { $0.contains("://") }) {
          throw FeedError.Reason.unexpectedStructure(
            "the first row holds URLs, not column names: no header row")
        }
        columns = try Columns(header: record.fields, names: names)
        return
      }
      position += 1
      try each(columns.item(from: record, position: position, maxFieldBytes: maxFieldBytes))
    }

    try input.forEachChunk { chunk in
      try reader.consume(chunk, handle)
    }
    try reader.finish(handle)
    if columns == nil { throw FeedError.Reason.noHeader }
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

  /// The bytes from the header row on: blank lines and `#` comment lines before it skipped.
  static func fromHeader(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    var rest = bytes[...]
    while true {
      rest = rest.drop { $0 == 0x0A || $0 == 0x0D }
      guard rest.first == UInt8(ascii: "#") else { return rest }
      rest = rest.drop { $0 != 0x0A && $0 != 0x0D }
    }
  }

  /// A column name in its comparable form: `Image Link`, `image-link` and `g:image_link` are
  /// all `image_link`.
  static func normalize(_ name: String) -> String {
    var name = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if name.hasPrefix("g:") { name.removeFirst(2) }
    return name.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
  }

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

    init(header: [String], names: [Field: [String]]) throws(FeedError.Reason) {
      let normalized = header.map(DelimitedFeed.normalize)
      for (field, aliases) in names {
        if field == .additionalImages {
          lists[field] = normalized.indices.filter { aliases.contains(normalized[$0]) }
        } else if let index = aliases.lazy.compactMap({ normalized.firstIndex(of: $0) }).first {
          single[field] = index
        }
      }
      guard single[.id] != nil else {
        throw .missingColumn("id", accepted: names[.id]!)
      }
      guard single[.image] != nil || !(lists[.additionalImages] ?? []).isEmpty else {
        throw .missingColumn(
          "image", accepted: names[.image]! + (names[.additionalImages] ?? []))
      }
    }

    /// The item of one data row.
    func item(from record: DelimitedText.Record, position: Int, maxFieldBytes: Int) -> RawItem {
      var item = RawItem(position: position, line: record.line)
      for field in Field.allCases {
        let columns = lists[field] ?? single[field].map { [$0] } ?? []
        let cells = columns.compactMap {
          record.fields.indices.contains($0) ? record.fields[$0] : nil
        }
        if item.tooLong == nil,
          columns.contains(where: record.oversized.contains)
            || cells.contains(where: { $0.utf8.count > maxFieldBytes })
        {
          item.tooLong = field.name
        }
        if columns.contains(where: record.replaced.contains), !item.replaced.contains(field.name) {
          item.replaced.append(field.name)
        }
      }
      let value = { (field: Field) in self.value(field, in: record.fields) }
      item.id = value(.id)
      item.title = value(.title)
      item.brand = value(.brand)
      item.color = value(.color)
      item.link = value(.link)
      item.images = value(.image).map { [$0] } ?? []
      item.images += values(.additionalImages, in: record.fields).flatMap(splitURLList)
      item.price = value(.price)
      if let price = item.price.nonEmptyTrimmed, let currency = value(.currency).nonEmptyTrimmed,
        !price.contains(where: \.isLetter)
      {
        item.price = "\(price) \(currency)"
      }
      item.availability = value(.availability)
      item.itemGroupId = value(.itemGroupId)
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
    /// The fields read with U+FFFD for bytes undefined in Windows-1252.
    var replaced: Set<Int> = []
  }

  /// Reads records from bytes that arrive a chunk at a time. Each field is UTF-8, or, when its
  /// bytes are not, Windows-1252 (what spreadsheet programs in Western Europe and the Americas
  /// export by default), with U+FFFD for the five bytes Windows-1252 leaves undefined. A field
  /// is kept up to one byte past `maxFieldBytes`, so that a runaway one is not held whole.
  struct Reader {
    let delimiter: UInt8
    let maxFieldBytes: Int
    private var fields: [String] = []
    private var field: [UInt8] = []
    private var oversized: Set<Int> = []
    private var replaced: Set<Int> = []
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
      if field.count > maxFieldBytes {
        oversized.insert(fields.count)
        fields.append("")
      } else if let text = String(validating: field, as: UTF8.self) {
        fields.append(text)
      } else if let text = String(data: Data(field), encoding: .windowsCP1252) {
        fields.append(text)
      } else {
        replaced.insert(fields.count)
        fields.append(Self.windows1252(replacingUndefined: field))
      }
      field.removeAll(keepingCapacity: true)
      fieldStart = true
    }

    private mutating func endRecord(_ body: (Record) throws -> Void) throws {
      let record = Record(
        fields: fields, line: recordLine, oversized: oversized, replaced: replaced)
      fields.removeAll()
      oversized.removeAll()
      replaced.removeAll()
      try body(record)
    }

    /// Keeps bytes of the field up to one past the limit: enough to know it is over.
    private mutating func append(_ byte: UInt8) {
      if field.count <= maxFieldBytes { field.append(byte) }
    }

    /// Windows-1252 text with U+FFFD for the bytes it does not define.
    static func windows1252(replacingUndefined bytes: [UInt8]) -> String {
      let undefined: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
      return bytes.split(omittingEmptySubsequences: false, whereSeparator: undefined.contains)
        .map { part in
          String(data: Data(part), encoding: .windowsCP1252)
            ?? String(decoding: part, as: UTF8.self)
        }
        .joined(separator: "\u{FFFD}")
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
