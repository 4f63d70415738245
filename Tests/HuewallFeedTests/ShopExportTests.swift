import Foundation
import HuewallCore
import HuewallFeed
import Testing

/// The items of a shop's own exports and of feeds that list every size: WooCommerce variations
/// and Magento simples under their parents, Shopify variants, Merchant `g:size`.
@Suite struct ShopExportTests {
  let uploads = "https://shop.example/wp-content/uploads/"

  @Test func wooCommerceVariationsInheritTheirParentsImageTitleAndBrand() throws {
    let result = try parse("woocommerce-variations.csv")
    #expect(result.format == .csv)
    #expect(result.itemErrors.isEmpty)
    #expect(result.itemCount == 7)
    let parentImages = [url(uploads + "tide-tee-navy.jpg"), url(uploads + "tide-tee-sand.jpg")]
    #expect(
      result.products == [
        // Before its parent in the file, and without a name or an image of its own.
        Product(
          id: "951", title: "Tide Tee", brand: "Harbour & Co", vendorColor: "Navy",
          imageURLs: parentImages, price: "25", availability: "in_stock", itemGroupId: "946",
          size: "L"),
        Product(
          id: "947", title: "Tide Tee - Navy S", brand: "Harbour & Co", vendorColor: "Navy",
          imageURLs: parentImages, price: "25", availability: "in_stock", itemGroupId: "946",
          size: "S"),
        // `Parent` as the parent's SKU.
        Product(
          id: "948", title: "Tide Tee", brand: "Harbour & Co", vendorColor: "Navy",
          imageURLs: parentImages, price: "25", availability: "out_of_stock",
          itemGroupId: "946", size: "M"),
        Product(
          id: "949", title: "Tide Tee", brand: "Harbour & Co", vendorColor: "Sand",
          imageURLs: [url(uploads + "tide-tee-sand-front.jpg")], price: "25",
          availability: "backorder", itemGroupId: "946", size: "S"),
        // A variable product without variations is an item; `Farbe` is a colour.
        Product(
          id: "960", title: "Dune Cap", brand: "Harbour & Co", vendorColor: "Oliv",
          imageURLs: [url(uploads + "dune-cap.jpg")], price: "18", availability: "in_stock"),
        Product(
          id: "970", title: "Reef Socks", brand: "Harbour & Co", vendorColor: "Coral",
          imageURLs: [url(uploads + "reef-socks.jpg")], price: "9", availability: "in_stock",
          size: "One size"),
      ])
  }

  @Test func wooCommercesOwnSampleExportFoldsTheVariableHoodie() throws {
    let result = try parse("woocommerce-export.csv")
    #expect(result.itemErrors.isEmpty)
    #expect(result.itemCount == 4)
    #expect(result.products.map(\.id) == ["31", "41", "42"])
    #expect(result.products.map(\.vendorColor) == ["Red", "Blue", "Green"])
    #expect(result.products.map(\.itemGroupId) == [nil, "40", "40"])
  }

  @Test func magentoSimplesAreFoldedUnderTheirConfigurableParent() throws {
    let media = "https://shop.example/media/catalog/product/"
    let parser = FeedParser(imageBaseURL: url(media))
    let result = try parse("magento-configurable.csv", parser)
    #expect(result.format == .csv)
    #expect(result.itemErrors.isEmpty)
    // The parent and its other store view's row are counted, not products.
    #expect(result.itemCount == 6)
    #expect(
      result.products == [
        Product(
          id: "MH01-XS-Black", title: "Chaz Hoodie-XS-Black", brand: "Chaz",
          vendorColor: "Black",
          imageURLs: [
            url(media + "m/h/mh01-black_main.jpg"), url(media + "m/h/mh01-black_alt1.jpg"),
            url(media + "m/h/mh01-black_back.jpg"),
          ],
          price: "52.00", availability: "in_stock", itemGroupId: "MH01", size: "XS"),
        // No image and no colour of its own: the parent's images, the colour from
        // `configurable_variations`.
        Product(
          id: "MH01-S-Black", title: "Chaz Hoodie-S-Black", brand: "Chaz", vendorColor: "Black",
          imageURLs: [
            url(media + "m/h/mh01-gray_main.jpg"), url(media + "m/h/mh01-black_main.jpg"),
          ],
          price: "52.00", availability: "out_of_stock", itemGroupId: "MH01", size: "S"),
        Product(
          id: "MH01-XS-Gray", title: "Chaz Hoodie-XS-Gray", brand: "Chaz", vendorColor: "Gray",
          imageURLs: [url(media + "m/h/mh01-gray_main.jpg")], price: "52.00",
          availability: "in_stock", itemGroupId: "MH01", size: "XS"),
        Product(
          id: "24-MB01", title: "Joust Duffle Bag", vendorColor: "Blue",
          imageURLs: [url("https://cdn.magento.example/m/b/mb01-blue-0.jpg")], price: "34.00",
          availability: "in_stock"),
      ])
    // A base without its trailing slash is the same folder.
    let bare = try parse(
      "magento-configurable.csv",
      FeedParser(imageBaseURL: url("https://shop.example/media/catalog/product")))
    #expect(bare.products == result.products)
  }

  @Test func magentoMediaPathsWithoutImageBaseURLAreItemErrorsNamingTheSetting() throws {
    // The feed's own URL is no base for media paths.
    let parser = FeedParser(baseURL: url("https://shop.example/export/catalog_product.csv"))
    let result = try parse("magento-configurable.csv", parser)
    #expect(result.products.map(\.id) == ["24-MB01"])
    #expect(
      result.itemErrors.map(\.reason) == [
        .mediaPathWithoutImageBase(value: "/m/h/mh01-black_main.jpg"),
        .mediaPathWithoutImageBase(value: "/m/h/mh01-gray_main.jpg"),
        .mediaPathWithoutImageBase(value: "/m/h/mh01-gray_main.jpg"),
      ])
    #expect("\(result.itemErrors[0])".contains("feed.imageBaseURL"))
  }

  @Test func imageBaseURLResolvesRelativePathsOfAnyCSV() throws {
    let csv = Data("id,image_link\nA-1,photos/a.jpg\nA-2,/b.jpg\n".utf8)
    let result = try FeedParser(
      baseURL: url("file:///feeds/feed.csv"), imageBaseURL: url("https://cdn.example/media/")
    ).parse(csv)
    #expect(
      result.products.map(\.imageURLs) == [
        [url("https://cdn.example/media/photos/a.jpg")], [url("https://cdn.example/media/b.jpg")],
      ])
  }

  @Test func aShopifyProductWithOneColourKeepsAllItsImagesAndItsVariantsAsItems() throws {
    let result = try parse(
      "shopify-single-colour.json", FeedParser(shopURL: url("https://northline.example")))
    #expect(result.itemErrors.isEmpty)
    #expect(result.products.map(\.id) == ["7001-navy", "7002-rot", "7002-grau"])
    let jacket = try product("7001-navy", in: result)
    #expect(jacket.vendorColor == "Navy")
    #expect(
      jacket.imageURLs == [
        url("https://cdn.shopify.example/keel-model.jpg"),
        url("https://cdn.shopify.example/keel-flat.jpg"),
        url("https://cdn.shopify.example/keel-detail.jpg"),
      ])
    #expect(
      jacket.items == [
        Product.Item(id: "71", size: "S"), Product.Item(id: "72", size: "M"),
        Product.Item(id: "73", size: "L"),
      ])
    // `Farbe` and `Größe`: a colour and a size in German; two colours keep their own images.
    let red = try product("7002-rot", in: result)
    #expect(red.imageURLs == [url("https://cdn.shopify.example/beanie-rot.jpg")])
    #expect(red.items == [Product.Item(id: "81", size: "One Size")])
    #expect(red.itemGroupId == "7002")
  }

  @Test func merchantSizesAreRead() throws {
    let result = try parse("merchant-sizes.rss.xml")
    #expect(result.products.map(\.size) == ["S", "M"])
    #expect(result.products.map(\.vendorColor) == ["Azul Marino", "Azul Marino"])
    #expect(result.products.map(\.itemGroupId) == ["CAM", "CAM"])
    #expect(
      result.products.map(\.items) == [
        [.init(id: "CAM-AZ-S", size: "S")], [.init(id: "CAM-AZ-M", size: "M")],
      ])
  }

  @Test func sizesOfTSVCSVAndJSONAreRead() throws {
    let tsv = Data("id\timage_link\tsize\nT-1\thttps://x.example/t.jpg\tXL\n".utf8)
    #expect(try FeedParser().parse(tsv).products.map(\.size) == ["XL"])
    let csv = Data("sku,image,size\nC-1,https://x.example/c.jpg,42\n".utf8)
    #expect(try FeedParser().parse(csv).products.map(\.size) == ["42"])
    let json = Data(
      #"{"products": [{"id": "J-1", "images": ["https://x.example/j.jpg"], "size": "M"}]}"#.utf8)
    let result = try FeedParser().parse(json)
    #expect(result.products.map(\.size) == ["M"])
    #expect(result.itemWarnings.isEmpty)
  }

  // MARK: Columns Huewall does not know

  let russian = Data(
    "Артикул,Имя товара,Фото\nA-1,Платье,https://x.example/a.jpg\n".utf8)

  @Test func aCSVWithUnknownColumnsNamesThemAndTheSettingThatMapsThem() throws {
    let error = feedError(russian, source: "export.csv")
    #expect(
      error?.reason
        == .missingColumn(
          "id", accepted: ["id", "sku", "product_id", "item_id"],
          found: ["Артикул", "Имя товара", "Фото"]))
    let message = "\(error.map(String.init(describing:)) ?? "")"
    #expect(message.contains(#""Артикул", "Имя товара", "Фото""#))
    #expect(message.contains("feed.columns"))
  }

  @Test func feedColumnsMapsThem() throws {
    let parser = FeedParser(columns: [.id: "Артикул", .title: "имя товара", .image: "Фото"])
    let result = try parser.parse(russian)
    #expect(
      result.products == [
        Product(id: "A-1", title: "Платье", imageURLs: [url("https://x.example/a.jpg")])
      ])
    let wrong = feedError(russian, FeedParser(columns: [.id: "Код"]))
    #expect(
      wrong?.reason
        == .mappedColumnNotFound("id", name: "Код", found: ["Артикул", "Имя товара", "Фото"]))
  }

  @Test func aWooCommerceExportWithRussianHeadersAndWhitespaceBeforeTheMarkIsRecognised() throws {
    let csv = Data(
      ("\n\t\u{FEFF}ID,Тип,Артикул,Имя,Базовая цена,Изображения\n"
        + "40,simple,,\"Комбинезон\",240,\"http://shop.example/a.jpg, http://shop.example/b.png\"\n")
        .utf8)
    let result = try FeedParser(format: nil, baseURL: url("file:///feeds/export.csv")).parse(csv)
    #expect(
      result.products == [
        Product(
          id: "40", title: "Комбинезон",
          imageURLs: [url("http://shop.example/a.jpg"), url("http://shop.example/b.png")],
          price: "240")
      ])
  }

  @Test func aTranslatedParentColumnMappedAsTheGroupStillFoldsVariations() throws {
    let csv = Data(
      ("ID,Тип,Артикул,Имя,Изображения,Родительский товар,Название атрибута 1,"
        + "Значения атрибута 1\n"
        + "5,variable,dress,Платье,https://x.example/dress.jpg,,Цвет,\"Красный, Синий\"\n"
        + "6,variation,dress-red,,,id:5,Цвет,Красный\n").utf8)
    let result = try FeedParser(columns: [.itemGroupId: "Родительский товар"]).parse(csv)
    #expect(result.itemCount == 2)
    #expect(
      result.products == [
        Product(
          id: "6", title: "Платье", vendorColor: "Красный",
          imageURLs: [url("https://x.example/dress.jpg")], itemGroupId: "5")
      ])
  }

  // MARK: Clear errors

  @Test func aMerchantFeedInTheWrongNamespaceSaysSoOnce() {
    let xml = Data(
      """
      <?xml version="1.0"?>
      <rss version="2.0" xmlns:g="http://base.google.com/ns/2.0"><channel>
      <item><g:id>A</g:id><g:image_link>https://x.example/a.jpg</g:image_link></item>
      <item><g:id>B</g:id><g:image_link>https://x.example/b.jpg</g:image_link></item>
      </channel></rss>
      """.utf8)
    let error = feedError(xml, source: "feed.xml")
    #expect(
      error?.reason
        == .wrongNamespace(
          used: "http://base.google.com/ns/2.0", expected: "http://base.google.com/ns/1.0"))
    #expect("\(error.map(String.init(describing:)) ?? "")".contains("xmlns:g="))
  }

  @Test func itemErrorsOfAMinifiedFeedGiveTheirColumn() throws {
    let items = (1...3).map { n in
      "<item><g:id>M-\(n)</g:id>"
        + (n == 1
          ? "<g:image_link>https://x.example/m.jpg</g:image_link>"
          : "<g:image_link>javascript:x</g:image_link>")
        + "</item>"
    }
    let xml = Data(
      (#"<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>"#
        + items.joined() + "</channel></rss>").utf8)
    let result = try FeedParser().parse(xml)
    #expect(result.itemErrors.map(\.line) == [1, 1])
    let columns = result.itemErrors.compactMap(\.column)
    #expect(columns.count == 2 && columns[0] < columns[1])
    #expect(
      "\(result.itemErrors[0])".hasPrefix("item 2 (line 1, column \(columns[0]), id \"M-2\")"))
  }

  @Test func aWindows1252DashInAnISO88591FeedIsKeptAndUndefinedBytesAreCounted() throws {
    var bytes = Array(
      #"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>"#
        .utf8)
    func item(_ id: String, _ title: [UInt8]) {
      bytes +=
        Array("<item><g:id>\(id)</g:id><g:title>".utf8) + title
        + Array("</g:title><g:image_link>https://x.example/\(id).jpg</g:image_link></item>\n".utf8)
    }
    item("D-1", Array("Tee ".utf8) + [0x96] + Array(" Navy".utf8))
    item("D-2", Array("Odd".utf8) + [0x81, 0x8D] + Array(" byte".utf8))
    item("D-3", Array("Odd".utf8) + [0x90])
    bytes += Array("</channel></rss>".utf8)
    let result = try FeedParser().parse(Data(bytes))
    #expect(result.products.map(\.title) == ["Tee \u{2013} Navy", "Odd byte", "Odd"])
    #expect(
      result.itemWarnings == [
        FeedItemWarning(
          position: 2, line: 2, id: "D-2",
          reason: .droppedCharacters(count: 3, items: 2, fields: ["title"]))
      ])
  }

  @Test func aWindows1252DashInAUTF8CSVFieldKeepsBoth() throws {
    let csv = Data(
      Array("id,title,image\nX-1,Caf".utf8) + [0xC3, 0xA9, 0x20, 0x96, 0x20]
        + Array("cr\u{E8}me,https://x.example/x.jpg\n".utf8))
    let result = try FeedParser().parse(csv)
    #expect(result.products.map(\.title) == ["Café – crème"])
    #expect(result.itemWarnings.isEmpty)
  }
}
