public import Foundation

/// One sellable item of a catalogue, as a feed describes it, in the form every stage shares.
///
/// Huewall sorts products by the colours of their images, so one product is one colourway: a
/// shoe sold in three colours is three products that share an ``itemGroupId``. Feed values are
/// kept as the feed gives them (prices, availability, vendor colour names): Huewall only passes
/// them through to the export and never computes with them.
public struct Product: Sendable, Hashable, Codable {
  /// The feed's unique key for this product; the store matches products across syncs by it.
  public var id: String
  /// The display name; empty when the feed gives none.
  public var title: String
  /// The brand or vendor, for grouping and display.
  public var brand: String?
  /// The vendor's own colour code or name ("BLK", "space-black"), kept for display and for
  /// comparing with the colours Huewall finds; Huewall never sorts by it.
  public var vendorColor: String?
  /// The product page in the shop, for the preview page to link to.
  public var link: URL?
  /// The product images, main image first. Only `http`, `https` and `file` URLs: the fetch
  /// stage downloads or reads each one, and the preview page shows them.
  public var imageURLs: [URL]
  /// The price as the feed gives it, currency included when the feed has one ("59.99 USD").
  public var price: String?
  /// The stock state as the feed gives it (Merchant Center vocabulary: `in_stock`,
  /// `out_of_stock`, `preorder`, `backorder`).
  public var availability: String?
  /// The id shared by the colourways and sizes of one model, so that the preview page can show
  /// siblings together.
  public var itemGroupId: String?
  /// The size of this feed item as the feed gives it ("XL", "42"); nil when the feed has none.
  public var size: String?
  /// The feed items this product stands for: every size of one colourway, each with its own
  /// id, for the shop's files, which a shop matches item by item. One item, the product
  /// itself, until the catalogue folds a feed's items into colourways.
  public var items: [Item]

  /// One sellable feed item of a colourway.
  public struct Item: Sendable, Hashable, Codable {
    /// The feed's id of the item (Merchant `id`, a Shopify variant, a WooCommerce variation).
    public var id: String
    /// Its size as the feed gives it.
    public var size: String?
    /// Its own vendor colour where it is not the colourway's: items of one group that share
    /// one photo are one colourway whatever their colours, and each keeps its own for the
    /// shop's files and the page. Nil: the colourway's ``Product/vendorColor``.
    public var vendorColor: String?

    public init(id: String, size: String? = nil) {
      self.id = id
      self.size = size
    }

    public init(id: String, size: String?, vendorColor: String?) {
      self.id = id
      self.size = size
      self.vendorColor = vendorColor
    }
  }

  public init(
    id: String,
    title: String = "",
    brand: String? = nil,
    vendorColor: String? = nil,
    link: URL? = nil,
    imageURLs: [URL],
    price: String? = nil,
    availability: String? = nil,
    itemGroupId: String? = nil,
    size: String? = nil,
    items: [Item]? = nil
  ) {
    self.id = id
    self.title = title
    self.brand = brand
    self.vendorColor = vendorColor
    self.link = link
    self.imageURLs = imageURLs
    self.price = price
    self.availability = availability
    self.itemGroupId = itemGroupId
    self.size = size
    self.items = items ?? [Item(id: id, size: size)]
  }

  /// The image Huewall analyses: the first one.
  public var mainImageURL: URL? { imageURLs.first }

  /// The URL schemes a product's images and link may use; anything else (`javascript:`,
  /// `data:`, `ftp:`) is refused when the feed is read.
  public static let allowedURLSchemes: Set<String> = ["http", "https", "file"]
}
