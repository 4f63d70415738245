/// Where the SQL that both catalogues share differs.
public enum SQLDialect: Sendable {
  case sqlite
  case postgres
}

/// A product's images as the catalogue lists them: the main image (`products.image_url`,
/// position 0), then the feed's additional ones (`products.additional_image_urls`, a JSON
/// array) in feed order, positions 1, 2, …
public enum ProductImages {
  /// A derived table with every column of `products` plus `position` and `url`: one row per
  /// image among the first `limit` of each product that meets `filter` (SQL on `products`),
  /// and one row with position 0 and a null url for a product without images. With `limit`
  /// 1 it is the products with their main image, as before products had several.
  public static func table(limit: Int, dialect: SQLDialect, filter: String = "1 = 1") -> String {
    let main = """
      SELECT products.*, 0 AS position, products.image_url AS url
      FROM products WHERE \(filter)
      """
    guard limit > 1 else { return "(\(main))" }
    let additional: String
    switch dialect {
    case .sqlite:
      additional = """
        SELECT products.*, json_each.key + 1 AS position, json_each.value AS url
        FROM products, json_each(products.additional_image_urls)
        WHERE (\(filter)) AND json_each.key + 1 < \(limit)
        """
    case .postgres:
      additional = """
        SELECT products.*, e.n AS position, e.url COLLATE "C" AS url
        FROM products,
          json_array_elements_text(products.additional_image_urls::json) WITH ORDINALITY AS e(url, n)
        WHERE (\(filter)) AND e.n < \(limit)
        """
    }
    return "(\(main)\nUNION ALL\n\(additional))"
  }

  /// The distinct URLs of the first `limit` images of the products in the feed, in order.
  public static func urls(limit: Int, dialect: SQLDialect) -> String {
    """
    SELECT DISTINCT products.url FROM \(table(limit: limit, dialect: dialect)) AS products
    WHERE products.removed_at IS NULL AND products.url IS NOT NULL ORDER BY products.url
    """
  }

  /// The ids of the products in the feed that show the URL `url` (the dialect's placeholder)
  /// among any of their images, for messages.
  public static func productIDs(showing url: String, dialect: SQLDialect) -> String {
    let additional =
      switch dialect {
      case .sqlite:
        "EXISTS (SELECT 1 FROM json_each(products.additional_image_urls) WHERE value = \(url))"
      case .postgres:
        "products.additional_image_urls::jsonb @> jsonb_build_array(\(url)::text)"
      }
    return """
      SELECT id FROM products
      WHERE removed_at IS NULL AND (image_url = \(url) OR \(additional)) ORDER BY id
      """
  }
}

/// One of a product's images, with what the catalogue knows of it under one parameter set.
public struct ImageCandidate: Sendable, Hashable {
  /// 0 for the main image, then the additional ones in feed order.
  public var position: Int
  public var url: String?
  /// The content's SHA-256; nil until the URL was fetched.
  public var sha256: String?
  /// The content has an analysis under the set.
  public var isAnalysed: Bool
  /// How plainly it shows the product; nil when not analysed, or analysed before the
  /// catalogue kept it.
  public var plainness: Double?

  public init(
    position: Int, url: String?, sha256: String?, isAnalysed: Bool, plainness: Double?
  ) {
    self.position = position
    self.url = url
    self.sha256 = sha256
    self.isAnalysed = isAnalysed
    self.plainness = plainness
  }

  /// The index in `candidates` (a product's images in position order) of the one its colour
  /// is read from: among the analysed images, the one that shows the product most plainly,
  /// the earlier on a tie; an analysis without plainness ranks below any measured one. When
  /// none is analysed, the first (the main image). Nil when there are none.
  public static func choose(_ candidates: [ImageCandidate]) -> Int? {
    guard !candidates.isEmpty else { return nil }
    var best: Int?
    for (index, candidate) in candidates.enumerated() where candidate.isAnalysed {
      guard let current = best else {
        best = index
        continue
      }
      if (candidate.plainness ?? -1) > (candidates[current].plainness ?? -1) { best = index }
    }
    return best ?? 0
  }
}
