/// What a feed says about a product besides its image: its title and type.
public struct ProductHint: Sendable, Hashable {
  public var title: String?
  public var productType: String?

  public init(title: String? = nil, productType: String? = nil) {
    self.title = title
    self.productType = productType
  }
}
