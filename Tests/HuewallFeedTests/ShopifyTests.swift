import Foundation
import HuewallCore
import HuewallFeed
import Testing

@Suite struct ShopifyTests {
  let shop = FeedParser(shopURL: URL(string: "https://atlas-oak.example")!)

  @Test func eachColourOfAProductBecomesOneProduct() throws {
    let result = try parse("shopify-page.json", shop)
    #expect(result.format == .shopify)
    #expect(result.itemCount == 4)
    #expect(result.itemErrors.isEmpty)
    #expect(
      result.products.map(\.id) == [
        "8012345678901-chalk-white", "8012345678901-midnight-navy",
        "8012345678902-forest-green", "8012345678902-creme",
        "8012345678903",
        "8012345678904-sand", "8012345678904-black",
      ])
  }

  @Test func aColourTakesItsVariantImagesPriceAndAvailability() throws {
    let result = try parse("shopify-page.json", shop)
    #expect(
      result.products[0]
        == Product(
          id: "8012345678901-chalk-white",
          title: "Cloudline Sneaker",
          brand: "Atlas & Oak",
          vendorColor: "Chalk White",
          link: url("https://atlas-oak.example/products/cloudline-sneaker?variant=44100000000011"),
          imageURLs: [
            url(
              "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/cloudline-chalk-1.jpg?v=1724856060"
            ),
            url(
              "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/cloudline-chalk-2.jpg?v=1724856060"
            ),
          ],
          price: "119.00",
          availability: "in_stock",
          itemGroupId: "8012345678901",
          items: [.init(id: "44100000000011", size: "40"), .init(id: "44100000000012", size: "41")])
    )
    #expect(
      result.products[1]
        == Product(
          id: "8012345678901-midnight-navy",
          title: "Cloudline Sneaker",
          brand: "Atlas & Oak",
          vendorColor: "Midnight Navy",
          link: url("https://atlas-oak.example/products/cloudline-sneaker?variant=44100000000013"),
          imageURLs: [
            url(
              "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/cloudline-navy-1.jpg?v=1724856060"
            )
          ],
          price: "125.00",
          availability: "out_of_stock",
          itemGroupId: "8012345678901",
          items: [.init(id: "44100000000013", size: "40"), .init(id: "44100000000014", size: "41")])
    )
  }

  @Test func aColourOptionInSecondPlaceNamedColourFallsBackToTheFirstImage() throws {
    let result = try parse("shopify-page.json", shop)
    let flatlay = url(
      "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/beanie-flatlay.jpg?v=1727687533")
    let green = try product("8012345678902-forest-green", in: result)
    let creme = try product("8012345678902-creme", in: result)
    #expect(green.vendorColor == "Forest Green")
    #expect(creme.vendorColor == "Crème")
    #expect(green.imageURLs == [flatlay])
    #expect(creme.imageURLs == [flatlay])
    #expect(
      creme.link
        == url("https://atlas-oak.example/products/harbor-knit-beanie?variant=44100000000022"))
  }

  @Test func aProductWithoutAColourOptionStaysOneProductWithAllImages() throws {
    let tote = try product("8012345678903", in: parse("shopify-page.json", shop))
    #expect(
      tote
        == Product(
          id: "8012345678903",
          title: "Canvas Tote",
          brand: "Atlas & Oak",
          vendorColor: nil,
          link: url("https://atlas-oak.example/products/canvas-tote"),
          imageURLs: [
            url(
              "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/tote-front.jpg?v=1718186320"),
            url(
              "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/tote-inside.jpg?v=1718186320"),
          ],
          price: "24.00",
          availability: "in_stock",
          itemGroupId: "8012345678903",
          items: [.init(id: "44100000000031")]))
  }

  @Test func lowercaseOptionNameAndSchemeRelativeImages() throws {
    let result = try parse("shopify-page.json", shop)
    let sand = try product("8012345678904-sand", in: result)
    let black = try product("8012345678904-black", in: result)
    #expect(
      sand.imageURLs == [
        url("https://cdn.shopify.com/s/files/1/0612/3456/7890/files/drift-sand.jpg?v=1719000000")
      ])
    #expect(
      black.imageURLs == [
        url("https://cdn.shopify.com/s/files/1/0612/3456/7890/files/drift-black.jpg?v=1719000000")
      ])
  }

  @Test func theShopURLComesFromThePageURLWhenNotGiven() throws {
    let parser = FeedParser(
      format: .shopify,
      baseURL: URL(string: "https://atlas-oak.example/products.json?limit=250&page=1")!)
    let tote = try product("8012345678903", in: parse("shopify-page.json", parser))
    #expect(tote.link == url("https://atlas-oak.example/products/canvas-tote"))
  }

  @Test func withoutAShopURLProductsHaveNoLink() throws {
    let result = try parse("shopify-page.json")
    #expect(result.products.allSatisfy { $0.link == nil })
  }

  @Test func brokenProductsAreItemErrors() throws {
    let result = try parse("shopify-bad-items.json", shop)
    #expect(result.format == .shopify)
    #expect(result.itemCount == 4)
    #expect(
      result.itemErrors == [
        FeedItemError(position: 2, reason: .missingID),
        FeedItemError(position: 3, reason: .malformed("variants: expected an array")),
      ])
    let olive = url("https://cdn.shopify.com/s/files/1/0612/3456/7890/files/linen-olive.jpg")
    #expect(
      result.products.map(\.id) == ["9100000000001", "9100000000004-olive", "9100000000004-rust"])
    #expect(result.products.map(\.imageURLs) == [[], [olive], [olive]])
    #expect(result.products.map(\.availability) == ["in_stock", "in_stock", "out_of_stock"])
    #expect(
      result.itemWarnings == [FeedItemWarning(position: 1, id: "9100000000001", reason: .noImage)])
  }

  @Test func pageURLs() {
    let base = URL(string: "https://atlas-oak.example")!
    #expect(
      ShopifyFeed.pageURL(base: base, page: 1)
        == url("https://atlas-oak.example/products.json?limit=250&page=1"))
    #expect(
      ShopifyFeed.pageURL(base: URL(string: "https://atlas-oak.example/")!, page: 3)
        == url("https://atlas-oak.example/products.json?limit=250&page=3"))
    #expect(
      ShopifyFeed.pageURL(
        base: URL(string: "https://atlas-oak.example/collections/sneakers")!, page: 2)
        == url("https://atlas-oak.example/collections/sneakers/products.json?limit=250&page=2"))
    #expect(
      ShopifyFeed.pageURL(
        base: URL(string: "https://atlas-oak.example/products.json?limit=50&page=9&currency=EUR")!,
        page: 4)
        == url("https://atlas-oak.example/products.json?currency=EUR&limit=250&page=4"))
  }

  @Test func pagingStopsAfterAShortOrEmptyPage() throws {
    #expect(ShopifyFeed.hasMorePages(afterPageWith: 250))
    #expect(!ShopifyFeed.hasMorePages(afterPageWith: 249))
    #expect(!ShopifyFeed.hasMorePages(afterPageWith: 0))
    // Four Shopify products make seven colourways; the page is short either way.
    #expect(!ShopifyFeed.hasMorePages(after: try parse("shopify-page.json", shop)))
  }

  @Test func anEmptyPageEndsPagingWhenAllowed() throws {
    var parser = shop
    parser.format = .shopify
    parser.allowsEmpty = true
    let result = try parse("empty-products.json", parser)
    #expect(result.products.isEmpty)
    #expect(result.itemCount == 0)
    #expect(!ShopifyFeed.hasMorePages(after: result))
    #expect(try feedError("empty-products.json", shop)?.reason == .noItems)
  }
}

@Suite struct ShopifyColourIDTests {
  /// A page with one product whose colour is the third option.
  func page(colours: [String]) -> Data {
    let variants = colours.enumerated().map { index, colour in
      """
      {"id": \(500 + index), "option1": "M", "option2": "Slim", "option3": "\(colour)",
       "price": "10.00", "available": true}
      """
    }
    return Data(
      """
      {"products": [{"id": 77, "title": "Tee", "handle": "tee", "vendor": "Plain",
        "options": [{"name": "Size", "position": 1, "values": ["M"]},
                    {"name": "Fit", "position": 2, "values": ["Slim"]},
                    {"name": " COLOUR ", "position": 3, "values": []}],
        "variants": [\(variants.joined(separator: ","))],
        "images": [{"src": "https://cdn.shopify.com/tee.jpg", "variant_ids": []}]}]}
      """.utf8)
  }

  @Test func spellingsWithTheSameSlugAreOneColour() throws {
    let result = try FeedParser().parse(page(colours: ["Black", "black ", "Off-White"]))
    #expect(result.products.map(\.id) == ["77-black", "77-off-white"])
    #expect(result.products.map(\.vendorColor) == ["Black", "Off-White"])
  }

  @Test func aColourWithoutLettersOrDigitsIsNamedByItsFirstVariant() throws {
    let result = try FeedParser().parse(page(colours: ["★", "Ünïcode Grün", "黑色"]))
    #expect(result.products.map(\.id) == ["77-v500", "77-unicode-grun", "77-黑色"])
    #expect(result.products.map(\.vendorColor) == ["★", "Ünïcode Grün", "黑色"])
  }
}
