public import Foundation
public import HuewallColorWords
public import HuewallCore

/// `colors.json`: the catalogue in gradient order with each product's colours, for apps that
/// build the colour wall.
public struct ColorsDocument: Decodable, Sendable, Equatable {
  public var generatedAt: Date
  public var parameters: ParametersSummary
  /// Products on the wall, in gradient order.
  public var products: [ExportedProduct]
  /// Products that are not on the wall (removed from the feed, or without an analysis),
  /// ordered by id.
  public var unplaced: [UnplacedProduct]

  public struct ParametersSummary: Codable, Sendable, Equatable {
    public var name: String
    public var preset: String
    public var hash: String
    public var values: AnalysisParameters
  }

  public struct ExportedProduct: Decodable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var brand: String?
    /// The vendor's own colour code, as the feed gives it.
    public var vendorColor: String?
    /// The family the vendor's code names (``ColorSynonyms``), if it names one.
    public var vendorFamily: ColorFamily?
    public var link: String?
    public var imageUrl: String?
    /// 1-based place on the wall.
    public var position: Int
    /// The analysed product family (the heaviest colour's, or multicolour).
    public var family: ColorFamily?
    /// The vendor's family contradicts the analysed one (``familiesDisagree(vendor:analysed:colorFamilies:)``).
    public var disagreement: Bool
    /// The family across the boundary the top colour lies near (``ColorFamily/second(of:h:s:v:reach:)``),
    /// under which the page's filter and search also find the product; nil inside a family,
    /// for a person's decision and without the shopper boundaries.
    public var secondFamily: ColorFamily? = nil
    public var colors: [ExportedColor]
    /// Who decided the colours: `analysis`, or `override` when a person's decision holds.
    public var decidedBy: DecidedBy = .analysis
    /// A person's decision about the product, also when a changed image set it aside.
    public var override: OverrideSummary? = nil
    /// How sure the colours are, 0…1 (``Confidence``).
    public var confidence: Double? = nil
    /// The feed's item group (the colourways of one model); not written to `colors.json`,
    /// read by the write-back exports.
    public var itemGroupId: String? = nil
    /// What the analysis took for the backdrop, never among `colors`: `#rrggbb`,
    /// `transparent` or `scene`; nil when unknown (an analysis made before it was kept, or
    /// without background suppression).
    public var backdrop: String? = nil
    /// The URL of the image the colours come from: among the product's first images, the
    /// one that shows it most plainly (``ImageCandidate/choose(_:)``).
    public var image: String? = nil
    /// Its place among the product's images: 0 the main image (`imageUrl`), 1 the first
    /// additional one, …
    public var imageIndex: Int? = nil
    /// The feed items the tile stands for: every size of the colourway, each with the feed's
    /// id and size (null where the feed gives none).
    public var items: [Product.Item] = []

    /// Every key but `itemGroupId`, which `colors.json` does not hold.
    enum CodingKeys: String, CodingKey {
      case id, title, brand, vendorColor, vendorFamily, link, imageUrl, position, family
      case disagreement, colors, decidedBy, override, confidence, backdrop, image, imageIndex
      case items, secondFamily
    }
  }

  public struct ExportedColor: Codable, Sendable, Equatable {
    public var h: Double
    public var s: Double
    public var v: Double
    public var hex: String
    public var share: Double
    public var family: ColorFamily
    /// The nearest CSS named colour (``NamedColourTable/css``).
    public var name: String? = nil
    /// The shop's own name for the family, from `colorSynonyms` (``ColorSynonyms/shopName(of:)``).
    public var shopName: String? = nil
    /// The colour the shop's words are learned on (``StoredColor/namingHex``). Not exported: apps
    /// show the bin's hex, and only the learning reads the mean.
    public var namingHex: String? = nil

    enum CodingKeys: String, CodingKey {
      case h, s, v, hex, share, family, name, shopName
    }
  }

  public struct UnplacedProduct: Decodable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var brand: String?
    /// "removed" (left the feed) or "not analysed" (no image, or its image failed).
    public var reason: String
  }
}

extension ColorsDocument {
  /// The values of `decidedBy`.
  public typealias DecidedBy = HuewallColorWords.DecidedBy

  /// A person's decision as the export shows it.
  public struct OverrideSummary: Decodable, Sendable, Equatable {
    public var family: ColorFamily
    public var hex: String?
    /// The CSS name of `hex`.
    public var name: String?
    public var note: String?
    public var decidedAt: Date
    /// False when the product's image changed since the decision: it is set aside and the
    /// analysis decides, until a person looks again.
    public var current: Bool
    /// True when the decision names a family without a hex and the photo holds no colour near
    /// it: a stand-in (the family's typical colour or swatch) shows; nil otherwise.
    public var standIn: Bool? = nil
  }
}
