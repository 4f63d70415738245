import HuewallCore
import Testing

/// ``ProductHint``'s garment and jewellery words in the languages shops write their feeds in:
/// the expected region of each title is what the title's words mean.
@Suite struct ProductHintWordsTests {
  @Test func garmentsInTheLanguagesOfTheFeeds() {
    #expect(ProductHint(title: "Damen Rock").wornOn == .lowerBody)
    #expect(ProductHint(title: "Kurze Hose").wornOn == .lowerBody)
    #expect(ProductHint(title: "Sommerkleid mit Blumen").wornOn == .wholeBody)
    #expect(ProductHint(title: "Robe longue").wornOn == .wholeBody)
    #expect(ProductHint(title: "Soutien-gorge en dentelle").wornOn == .upperBody)
    #expect(ProductHint(title: "Falda plisada").wornOn == .lowerBody)
    #expect(ProductHint(title: "Opispot Camiseta Unisex | \"Carabao Master\"").wornOn == .upperBody)
    #expect(ProductHint(title: "Vestito lungo").wornOn == .wholeBody)
    #expect(ProductHint(title: "Calça de linho").wornOn == .lowerBody)
    #expect(ProductHint(title: "Zwarte jurk").wornOn == .wholeBody)
    #expect(ProductHint(title: "Zamszowe kozaki Lancioni — brązowe").wornOn == .feet)
    #expect(ProductHint(title: "Dámské šaty").wornOn == .wholeBody)
    #expect(ProductHint(title: "Kadın ayakkabı").wornOn == .feet)
    #expect(ProductHint(title: "Rochie de vară").wornOn == .wholeBody)
    #expect(ProductHint(title: "Női szoknya").wornOn == .lowerBody)
    #expect(ProductHint(title: "Γυναικείο φόρεμα").wornOn == .wholeBody)
    #expect(ProductHint(title: "КОМБИНЕЗОН С ОТДЕЛКОЙ ИЗ КРУЖЕВА").wornOn == .wholeBody)
    #expect(ProductHint(title: "Женская юбка").wornOn == .lowerBody)
    #expect(ProductHint(title: "Toaster").wornOn == nil)
  }

  @Test func diacriticsMatchWrittenOrNot() {
    #expect(ProductHint(title: "Skórzane czółenka").wornOn == .feet)
    #expect(ProductHint(title: "Skorzane czolenka").wornOn == .feet)
    #expect(ProductHint(title: "Pantalón vaquero").wornOn == .lowerBody)
    #expect(ProductHint(title: "PANTALON VAQUERO").wornOn == .lowerBody)
    #expect(ProductHint(title: "Gömlek").wornOn == .upperBody)
    #expect(ProductHint(title: "GOMLEK").wornOn == .upperBody)
    #expect(ProductHint(title: "AYAKKABI").wornOn == .feet)
    #expect(ProductHint(title: "Camasa barbati").wornOn == .upperBody)
    #expect(ProductHint(title: "Damske saty").wornOn == .wholeBody)
    #expect(ProductHint(title: "ΦΟΡΕΜΑ").wornOn == .wholeBody)
    #expect(ProductHint(title: "Pierscionek srebrny").isJewellery)
    #expect(ProductHint(title: "Lancuszek").isJewellery)
    #expect(ProductHint(title: "Łańcuszek").isJewellery)
    #expect(ProductHint(title: "YUZUK").isJewellery)
    #expect(ProductHint(title: "ΚΟΛΙΕ").isJewellery)
    #expect(ProductHint(title: "Nahrdelnik").isJewellery)
  }

  @Test func japaneseWordsInsideARunOfScript() {
    #expect(ProductHint(title: "クロールバリエ 軽量 カットワーク パンプス").wornOn == .feet)
    #expect(ProductHint(title: "newmo ニューモ 厚底ストレッチスニーカー").wornOn == .feet)
    #expect(ProductHint(title: "Tシャツ").wornOn == .upperBody)
    // The last word of a compound names the garment: a shirt dress, bootcut trousers.
    #expect(ProductHint(title: "シャツワンピース").wornOn == .wholeBody)
    #expect(ProductHint(title: "ブーツカットパンツ").wornOn == .lowerBody)
    #expect(ProductHint(title: "ﾊﾟﾝﾂ").wornOn == .lowerBody)
    #expect(ProductHint(title: "クロールバリエ ショルダーバッグ").wornOn == nil)
    #expect(ProductHint(title: "シルバーネックレス").isJewellery)
    #expect(ProductHint(title: "メンズ腕時計").isJewellery)
    #expect(!ProductHint(title: "バスクラフト リングベルトドライビングシューズ").isJewellery)
    #expect(ProductHint(title: "バスクラフト リングベルトドライビングシューズ").wornOn == .feet)
    #expect(!ProductHint(title: "スプリングコート").isJewellery)
    #expect(!ProductHint(title: "ペンダントライト").isJewellery)
  }

  @Test func jewelleryInTheLanguagesOfTheFeeds() {
    #expect(ProductHint(title: "Anillo de plata").isJewellery)
    #expect(ProductHint(title: "Pendientes de plata").isJewellery)
    #expect(ProductHint(title: "Collana oro").isJewellery)
    #expect(ProductHint(title: "Boucles d’oreilles dorées").isJewellery)
    #expect(ProductHint(title: "Bague en argent").isJewellery)
    #expect(ProductHint(title: "Ohrringe Silber").isJewellery)
    #expect(ProductHint(title: "Fußkettchen").isJewellery)
    #expect(ProductHint(title: "Brincos de prata").isJewellery)
    #expect(ProductHint(title: "Zilveren horloge").isJewellery)
    #expect(ProductHint(title: "Kol Saati").isJewellery)
    #expect(ProductHint(title: "Brățară din argint").isJewellery)
    #expect(ProductHint(title: "Arany karkötő").isJewellery)
    #expect(ProductHint(title: "Серьги с жемчугом").isJewellery)
    #expect(ProductHint(title: "Δαχτυλίδι ασημένιο").isJewellery)
    #expect(!ProductHint(title: "Sukienka letnia").isJewellery)
  }

  /// Words that are a garment or a jewel in one language and something else in another are
  /// left out; these titles mean the other thing.
  @Test func wordsOfAnotherLanguageDoNotMisfire() {
    #expect(!ProductHint(title: "Shirt with a collar").isJewellery)
    #expect(ProductHint(title: "Shirt with a collar").wornOn == .upperBody)
    #expect(ProductHint(title: "Rock band tee").wornOn == .upperBody)
    #expect(ProductHint(title: "Gonna be a good day tee").wornOn == .upperBody)
    #expect(ProductHint(title: "Bermuda Triangle tee").wornOn == .upperBody)
    #expect(ProductHint(title: "Jean jacket").wornOn == .upperBody)
    #expect(ProductHint(title: "Short sleeve shirt").wornOn == .upperBody)
    #expect(ProductHint(title: "Jersey dress").wornOn == .wholeBody)
    #expect(ProductHint(title: "Garden hose").wornOn == nil)
    #expect(ProductHint(title: "Mountain hut poster").wornOn == nil)
    #expect(ProductHint(title: "Oak mantel shelf").wornOn == nil)
    #expect(ProductHint(title: "Pet bed").wornOn == nil)
    #expect(ProductHint(title: "Drawer pulls").wornOn == nil)
    #expect(ProductHint(title: "Dog bone toy").wornOn == nil)
    #expect(ProductHint(title: "Kazak rug").wornOn == nil)
    #expect(ProductHint(title: "Wicker basket").wornOn == nil)
    #expect(ProductHint(title: "Body lotion").wornOn == nil)
    #expect(!ProductHint(title: "Coat hanger").isJewellery)
    #expect(!ProductHint(title: "Running armband for phones").isJewellery)
    #expect(ProductHint(title: "Kubek kot").wornOn == nil)
    #expect(ProductHint(title: "Kalendarz na rok 2026").wornOn == nil)
    #expect(ProductHint(title: "Masa tenisi raketi").wornOn == nil)
    #expect(
      !ProductHint(title: "Jucarie dentitie bebe, Elefant silicon Gri, inel gingival").isJewellery)
    #expect(!ProductHint(title: "Maglione girocollo").isJewellery)
    #expect(ProductHint(title: "Maglione girocollo").wornOn == .upperBody)
    #expect(!ProductHint(title: "Luminária pendente").isJewellery)
    #expect(!ProductHint(title: "Veste bouclé").isJewellery)
    #expect(!ProductHint(title: "Bonnet oreilles de chat").isJewellery)
    #expect(ProductHint(title: "Monitor 27, jas 300 cd").wornOn == nil)
  }

  @Test func aTypeInOneLanguageAndATitleInAnother() {
    #expect(ProductHint(title: "Lotta", productType: "Joyería > Anillos").isJewellery)
    #expect(
      ProductHint(title: "Jordan nike tech", productType: "Ropa > Pantalones").wornOn == .lowerBody)
    #expect(ProductHint(title: "Lestrosa Wiola", productType: "Obuwie > Buty").wornOn == .feet)
    #expect(ProductHint(title: "Linen shirt", productType: "Damen > Kleider").wornOn == .wholeBody)
    #expect(
      ProductHint(title: "Robe longue", productType: "Summer collection").wornOn == .wholeBody)
    // A phrase does not run from the type into the title: "Damen" then "Rock band tee".
    #expect(ProductHint(title: "Rock band tee", productType: "Damen").wornOn == .upperBody)
  }
}
