import Foundation

/// One language's words for the garments a person wears, by the part of the body each covers,
/// and for jewellery and watches: singular and plural, and the forms a title inflects.
///
/// Every language's words are looked for in every title, so a word that is a garment or a jewel
/// in one language and something else in another is left out of both (listed in the comment
/// above each table), or kept only as a phrase that cannot be the other word ("damen rock").
/// An entry of several words is such a phrase: it matches those words in a row.
struct ProductWordList: Sendable {
  var head: [String] = []
  var upperBody: [String] = []
  var lowerBody: [String] = []
  var wholeBody: [String] = []
  var feet: [String] = []
  var jewellery: [String] = []

  /// The garment words with the region each covers.
  var garments: [(BodyRegion, [String])] {
    [
      (.head, head), (.upperBody, upperBody), (.lowerBody, lowerBody),
      (.wholeBody, wholeBody), (.feet, feet),
    ]
  }
}

extension ProductWordList {
  /// English, with a plural made by adding "s" (or "es" after an "s"). "Hat" stays although
  /// it is German for has: a German title names a product, it seldom says what it has.
  static let english: ProductWordList = {
    var words = ProductWordList(
      head: ["cap", "beanie", "hat", "headband", "balaclava"],
      upperBody: [
        "top", "tee", "shirt", "tshirt", "blouse", "sweater", "pullover", "jumper", "hoodie",
        "sweatshirt", "jacket", "coat", "cardigan", "blazer", "vest", "bra", "polo", "tank",
        "camisole", "cami", "parka", "anorak", "tunic", "bodysuit", "gilet", "windbreaker",
      ],
      lowerBody: [
        "skirt", "trousers", "trouser", "pants", "jeans", "shorts", "leggings", "joggers",
        "chinos", "culottes",
      ],
      wholeBody: ["dress", "jumpsuit", "romper", "playsuit", "overalls", "gown"],
      feet: [
        "shoe", "sneaker", "trainer", "plimsoll", "boot", "sandal", "loafer", "slipper", "heel",
      ])
    for keyPath: WritableKeyPath<ProductWordList, [String]> in [
      \.head, \.upperBody, \.lowerBody, \.wholeBody, \.feet,
    ] {
      words[keyPath: keyPath] = words[keyPath: keyPath].flatMap {
        [$0, $0.hasSuffix("s") ? $0 + "es" : $0 + "s"]
      }
    }
    words.jewellery = [
      "ring", "rings", "earring", "earrings", "necklace", "necklaces", "bracelet", "bracelets",
      "bangle", "bangles", "anklet", "anklets", "pendant", "pendants", "brooch", "brooches",
      "hoop", "hoops", "earcuff", "earcuffs", "watch", "watches", "jewellery", "jewelry",
    ]
    return words
  }()

  /// Spanish. Left out: "collar" (an English shirt's collar; "collares" is kept), "mono"
  /// ("mono speaker"), "jersey" (English for the fabric: "jersey dress"), "tenis" (a racket's
  /// sport), "playera" (a tee in Mexico, a trainer in Spain), "buzo" (a diver), "mallas"
  /// (meshes), "bermuda" (the islands; "bermudas" is kept), "dije" ("I said"), "aros" (any
  /// hoop), "tobillera" (an ankle brace).
  static let spanish = ProductWordList(
    head: ["gorra", "gorras", "gorro", "gorros", "sombrero", "sombreros", "boina", "boinas"],
    upperBody: [
      "camiseta", "camisetas", "camisa", "camisas", "blusa", "blusas", "suéter", "suéteres",
      "sudadera", "sudaderas", "chaqueta", "chaquetas", "cazadora", "cazadoras", "abrigo",
      "abrigos", "chaleco", "chalecos", "sujetador", "sujetadores", "chompa", "chompas",
      "remera", "remeras",
    ],
    lowerBody: [
      "falda", "faldas", "pantalón", "pantalones", "vaqueros", "bermudas", "calzas",
    ],
    wholeBody: ["vestido", "vestidos", "enterizo", "enterizos"],
    feet: [
      "zapato", "zapatos", "zapatilla", "zapatillas", "bota", "botas", "botín", "botines",
      "sandalia", "sandalias", "mocasín", "mocasines", "tacones", "chanclas", "alpargatas",
      "bailarinas", "chancletas",
    ],
    jewellery: [
      "anillo", "anillos", "sortija", "sortijas", "pendientes", "aretes", "collares",
      "gargantilla", "gargantillas", "pulsera", "pulseras", "brazalete", "brazaletes",
      "colgante", "colgantes", "broche", "broches", "reloj", "relojes", "joya", "joyas",
    ])

  /// German. "Rock" (English rock music), "Hose" (a garden hose), "Hut" (a hut), "Mantel" (a
  /// fireplace's mantel, and "Mäntel" folds to it) are English words: kept only after or
  /// before "Damen", "Herren"… and in compounds. Left out: "Armband" (English), "Anhänger"
  /// (also a trailer), "Pumps" (English pumps), "Overall" (English "overall length"),
  /// "Westen" (Dutch for the west), "Kappen" (Dutch for to cut), "Ketten" (Hungarian for the
  /// two of them).
  static let german = ProductWordList(
    head: [
      "mütze", "mützen", "hüte", "kappe", "stirnband", "damen hut", "herren hut",
      "hut damen", "hut herren", "strohhut", "sonnenhut",
    ],
    upperBody: [
      "hemd", "hemden", "bluse", "blusen", "pulli", "pullis", "strickjacke", "strickjacken",
      "jacke", "jacken", "weste", "oberteil", "oberteile", "sakko", "sakkos",
      "tunika", "kapuzenpullover", "steppjacke", "lederjacke", "jeansjacke", "wintermantel",
      "damen mantel", "herren mantel", "mantel damen", "mantel herren", "trägertop",
    ],
    lowerBody: [
      "röcke", "minirock", "midirock", "maxirock", "jeansrock", "faltenrock", "bleistiftrock",
      "lederrock", "tüllrock", "wickelrock", "damen rock", "mädchen rock", "rock damen",
      "hosen", "jeanshose", "jogginghose", "stoffhose", "lederhose", "caprihose", "cargohose",
      "anzughose", "damenhose", "herrenhose", "kurze hose", "damen hose", "herren hose",
      "hose damen", "hose herren",
    ],
    wholeBody: [
      "kleid", "kleider", "sommerkleid", "abendkleid", "maxikleid", "minikleid", "midikleid",
      "strickkleid", "jeanskleid", "blusenkleid", "brautkleid", "cocktailkleid", "latzhose",
    ],
    feet: [
      "schuh", "schuhe", "stiefel", "stiefelette", "stiefeletten", "sandale", "sandalen",
      "turnschuhe", "halbschuhe", "hausschuhe", "schnürschuhe", "sandaletten", "pantoffeln",
    ],
    jewellery: [
      "ringe", "ohrring", "ohrringe", "ohrstecker", "creolen", "halskette", "halsketten",
      "kette", "armbänder", "armreif", "armreifen", "armbanduhr", "armbanduhren",
      "uhr", "uhren", "brosche", "broschen", "schmuck", "fußkettchen", "medaillon",
    ])

  /// French. Left out: "pull" and "pulls" ("pull-on", drawer pulls), "sweat" ("sweat
  /// shorts"), "haut" ("talons hauts"), "short" and "jean" (English), "basket" and "tennis"
  /// (English), "tong" (tongs), "body" (English), "boucle" (a buckle, bouclé): earrings are
  /// "boucles d'oreilles"; "alliance" (English), "créoles" (English "Creole").
  static let french = ProductWordList(
    head: ["chapeau", "chapeaux", "casquette", "casquettes", "bonnet", "bonnets", "béret"],
    upperBody: [
      "chemise", "chemises", "chemisier", "chemisiers", "veste", "vestes", "blouson", "blousons",
      "manteau", "manteaux", "doudoune", "doudounes", "débardeur", "débardeurs", "tunique",
      "tuniques", "soutien gorge", "soutiens gorge",
    ],
    lowerBody: [
      "jupe", "jupes", "pantalon", "pantalons", "bermudas", "jupon",
    ],
    wholeBody: ["robe", "robes", "combinaison", "combinaisons", "salopette", "salopettes"],
    feet: [
      "chaussure", "chaussures", "bottes", "bottine", "bottines", "escarpin", "escarpins",
      "sandale", "sandales", "mocassin", "mocassins", "ballerine", "ballerines", "chausson",
      "chaussons", "espadrille", "espadrilles", "sabot", "sabots",
    ],
    jewellery: [
      "bague", "bagues", "boucle d oreille", "boucles d oreilles", "boucles d oreille",
      "collier", "colliers", "sautoir", "sautoirs", "pendentif", "pendentifs", "montre",
      "montres", "bijoux", "chevalière", "chevalières", "gourmette", "gourmettes",
    ])

  /// Italian. Left out: "gonna" (English; "gonne" and "minigonna" are kept), "cuffia"
  /// (headphones), "piumino" (a duvet), "girocollo" (a crew neck as much as a choker),
  /// "pendente" (a hanging lamp in Portuguese), "décolleté" (a neckline), "botte" (a barrel),
  /// "abiti" (clothes in general), "fede" (faith), "spille" (Danish for to play).
  static let italian = ProductWordList(
    head: ["cappello", "cappelli", "cappellino", "cappellini", "berretto", "berretti"],
    upperBody: [
      "maglia", "maglie", "maglietta", "magliette", "camicia", "camicie", "camicetta",
      "camicette", "felpa", "felpe", "maglione", "maglioni", "giacca", "giacche", "giubbotto",
      "giubbotti", "giubbino", "cappotto", "cappotti", "canotta", "canotte", "canottiera",
      "reggiseno", "reggiseni",
    ],
    lowerBody: [
      "gonne", "minigonna", "minigonne", "pantaloni", "pantalone", "pantaloncini",
    ],
    wholeBody: ["vestito", "vestiti", "abito", "tuta", "tute"],
    feet: [
      "scarpa", "scarpe", "stivale", "stivali", "stivaletto", "stivaletti", "sandalo", "sandali",
      "mocassino", "mocassini", "ciabatte", "infradito", "zoccoli",
    ],
    jewellery: [
      "anello", "anelli", "orecchino", "orecchini", "collana", "collane", "bracciale",
      "bracciali", "braccialetto", "braccialetti", "ciondolo", "ciondoli", "spilla",
      "orologio", "orologi", "gioiello", "gioielli", "cavigliera", "cavigliere", "catenina",
    ])

  /// Portuguese. Left out: "boné" (folds to English "bone"), "tênis" (a racket's sport),
  /// "pendente" (a hanging lamp), "regata" (a regatta), "tornozeleira" (an ankle brace),
  /// "camisola" (a nightdress in Brazil), "bermuda" (the islands), "joia" (Romanian for
  /// Thursday; "joias" is kept).
  static let portuguese = ProductWordList(
    head: ["chapéu", "chapéus"],
    upperBody: [
      "camisa", "camisas", "camiseta", "camisetas", "blusa", "blusas", "blusão", "moletom",
      "moletons", "casaco", "casacos", "jaqueta", "jaquetas", "colete", "coletes", "sutiã",
      "sutiãs",
    ],
    lowerBody: ["saia", "saias", "calça", "calças", "bermudas"],
    wholeBody: ["vestido", "vestidos", "macacão", "macacões", "macaquinho", "jardineira"],
    feet: [
      "sapato", "sapatos", "sapatilha", "sapatilhas", "bota", "botas", "sandália", "sandálias",
      "chinelo", "chinelos", "mocassim", "mocassins", "rasteirinha", "tamanco", "tamancos",
    ],
    jewellery: [
      "anel", "anéis", "brinco", "brincos", "colar", "colares", "gargantilha", "pulseira",
      "pulseiras", "bracelete", "braceletes", "pingente", "pingentes", "relógio", "relógios",
      "joias", "jóias",
    ])

  /// Dutch. Left out: "rok" (Polish and Czech for a year; "rokken", "rokje" are kept), "pet"
  /// (English), "jack" (English), "jas" (Czech for brightness; "jassen" is kept), "hanger" (a
  /// coat hanger), "armband" (English), "colbert" (a name). "Horloge" is kept: a French clock
  /// is a timepiece too.
  static let dutch = ProductWordList(
    head: ["muts", "mutsen", "petten", "hoed", "hoeden"],
    upperBody: [
      "trui", "truien", "overhemd", "overhemden", "bloes", "bloezen", "jassen", "jasje",
      "topje", "topjes", "beha",
    ],
    lowerBody: [
      "rokken", "rokje", "rokjes", "broek", "broeken", "spijkerbroek", "spijkerbroeken",
    ],
    wholeBody: ["jurk", "jurken", "jurkje", "jurkjes"],
    feet: [
      "schoen", "schoenen", "laars", "laarzen", "laarsjes", "sandaal", "sandalen",
      "instappers", "pantoffels",
    ],
    jewellery: [
      "ringen", "oorbel", "oorbellen", "oorknopjes", "ketting", "kettingen", "kettinkje",
      "armbanden", "armbandje", "horloge", "horloges", "sieraad", "sieraden", "enkelbandje",
    ])

  /// Polish. Left out: "kot" (a cat; Turkish for denim).
  static let polish = ProductWordList(
    head: ["czapka", "czapki", "kapelusz", "kapelusze", "beret", "berety"],
    upperBody: [
      "bluzka", "bluzki", "bluza", "bluzy", "koszula", "koszule", "koszulka", "koszulki",
      "sweter", "swetry", "kurtka", "kurtki", "płaszcz", "płaszcze", "marynarka", "marynarki",
      "kamizelka", "kamizelki", "biustonosz", "biustonosze", "kardigan",
    ],
    lowerBody: [
      "spódnica", "spódnice", "spódniczka", "spódniczki", "spodnie", "dżinsy", "jeansy",
      "szorty", "spodenki", "legginsy",
    ],
    wholeBody: ["sukienka", "sukienki", "kombinezon", "kombinezony"],
    feet: [
      "buty", "obuwie", "półbuty", "kozaki", "botki", "trampki", "sneakersy", "mokasyny",
      "baleriny", "czółenka", "sandały", "sandałki", "klapki", "kapcie", "kowbojki", "szpilki",
    ],
    jewellery: [
      "pierścionek", "pierścionki", "pierścień", "kolczyki", "kolczyk", "naszyjnik",
      "naszyjniki", "bransoletka", "bransoletki", "wisiorek", "wisiorki", "łańcuszek",
      "łańcuszki", "broszka", "broszki", "zegarek", "zegarki", "biżuteria",
    ])

  /// Czech and Slovak. "Bunda" (Turkish for in this, Portuguese slang) is kept only in
  /// phrases. Left out: "vesta" (a car, a goddess), "overal" (Dutch for everywhere).
  static let czechSlovak = ProductWordList(
    head: ["čepice", "klobouk", "klobouky", "kšiltovka", "čiapka", "čiapky", "šiltovka"],
    upperBody: [
      "tričko", "trička", "košile", "košeľa", "košele", "halenka", "halenky", "blúzka",
      "blúzky", "svetr", "svetry", "sveter", "svetre", "mikina", "mikiny", "dámská bunda",
      "pánská bunda", "zimní bunda", "kožená bunda", "kabát", "kabáty", "podprsenka", "podprsenky",
      "sako",
    ],
    lowerBody: [
      "sukně", "sukňa", "sukne", "kalhoty", "nohavice", "džíny", "džínsy", "kraťasy", "legíny",
    ],
    wholeBody: ["šaty", "overaly"],
    feet: [
      "boty", "obuv", "tenisky", "sandály", "sandále", "pantofle", "papuče", "kozačky",
      "polobotky", "lodičky", "topánky", "čižmy",
    ],
    jewellery: [
      "prsten", "prsteny", "prstýnek", "prsteň", "prstene", "náušnice", "náhrdelník",
      "náhrdelníky", "řetízek", "retiazka", "náramek", "náramky", "náramok", "hodinky",
      "šperky", "šperk",
    ])

  /// Croatian, Serbian (Latin script) and Slovenian. Left out: "kapa" (Polish for a
  /// bedspread), "kaput" (English and German for broken), "krilo" (a wing), "obleka" (clothes
  /// in general), "sat" (English; "ručni sat" is kept), "ura" (an hour), "broš" (folds to
  /// English "bros"), "nakit" (Turkish for cash).
  static let southSlavic = ProductWordList(
    head: ["šešir", "šeširi", "klobuk", "klobuki"],
    upperBody: [
      "majica", "majice", "košulja", "košulje", "srajca", "srajce", "jakna", "jakne", "plašč",
      "džemper", "džemperi", "prsluk", "grudnjak", "modrc",
    ],
    lowerBody: ["suknja", "suknje", "hlače", "pantalone", "traperice", "kavbojke", "tajice"],
    wholeBody: ["haljina", "haljine"],
    feet: [
      "cipele", "čevlji", "čizme", "škornji", "tenisice", "superge", "natikače", "sandale",
    ],
    jewellery: [
      "prstenje", "naušnice", "uhani", "ogrlica", "ogrlice", "narukvica", "narukvice",
      "zapestnica", "zapestnice", "ručni sat", "lančić",
    ])

  /// Turkish. Left out: "kazak" (a Kazak rug; "kazaklar" is kept), "şort" (folds to English
  /// "sort"), "bot" (English; "botlar" is kept), "mont" (Mont Blanc), "tulum" (the town),
  /// "kot" (Polish for a cat), "saat" (an hour; "kol saati" is kept), "broş" (English "bros"),
  /// "takı" (a name), "bere" (Italian for to drink; "bereler" is kept).
  static let turkish = ProductWordList(
    head: ["şapka", "şapkalar", "bereler"],
    upperBody: [
      "gömlek", "gömlekler", "bluz", "bluzlar", "tişört", "tişörtler", "kazaklar", "ceket",
      "ceketler", "montlar", "kaban", "hırka", "hırkalar", "yelek", "yelekler", "sütyen",
    ],
    lowerBody: ["etek", "etekler", "pantolon", "pantolonlar", "tayt", "taytlar"],
    wholeBody: ["elbise", "elbiseler", "elbisesi"],
    feet: [
      "ayakkabı", "ayakkabılar", "ayakkabısı", "botlar", "çizme", "çizmeler", "sandalet",
      "terlik", "terlikler", "babet", "babetler",
    ],
    jewellery: [
      "yüzük", "yüzükler", "küpe", "küpeler", "kolye", "kolyeler", "bilezik", "bilezikler",
      "bileklik", "bileklikler", "halhal", "kol saati", "kol saatleri", "mücevher",
    ])

  /// Romanian. Left out: "inel" (a ring of any kind: a teething ring in a real baby shop's
  /// feed), "fustă" (Catalan for wood; "fuste" is kept), "vestă" (a car), "teniși" (Turkish
  /// for tennis).
  static let romanian = ProductWordList(
    head: ["căciulă", "căciuli", "pălărie", "pălării", "șapcă", "șepci"],
    upperBody: [
      "bluză", "bluze", "cămașă", "cămăși", "tricou", "tricouri", "pulover", "pulovere",
      "hanorac", "hanorace", "geacă", "geci", "jachetă", "jachete", "palton", "paltoane",
      "sacou", "sacouri", "sutien", "sutiene", "maiou",
    ],
    lowerBody: ["fuste", "pantaloni", "blugi", "colanți"],
    wholeBody: ["rochie", "rochii", "salopetă", "salopete"],
    feet: [
      "pantofi", "ghete", "cizme", "sandale", "papuci", "adidași", "botine",
    ],
    jewellery: [
      "cercei", "cercel", "colier", "coliere", "brățară", "brățări", "pandantiv", "pandantive",
      "broșă", "ceas", "ceasuri", "bijuterii", "bijuterie", "lănțișor",
    ])

  /// Hungarian. "Ing" (a bank, and frequent in the text of every language) is kept only in
  /// phrases. Left out: "farmer" (English; "farmernadrág" is kept), "óra" (an hour, a lesson;
  /// "karóra" is kept), "medál" (folds to English "medal"), "ruhák" (clothes), "overál" (Dutch
  /// for everywhere).
  static let hungarian = ProductWordList(
    head: ["sapka", "sapkák", "kalap", "kalapok"],
    upperBody: [
      "ingek", "férfi ing", "női ing", "blúz", "blúzok", "pulóver", "pulóverek", "kabát", "kabátok",
      "dzseki",
      "dzsekik", "mellény", "melltartó", "pulcsi", "póló", "pólók", "kardigán",
    ],
    lowerBody: ["szoknya", "szoknyák", "nadrág", "nadrágok", "farmernadrág", "rövidnadrág"],
    wholeBody: ["ruha", "kezeslábas"],
    feet: [
      "cipő", "cipők", "csizma", "csizmák", "bakancs", "szandál", "szandálok", "papucs",
      "sportcipő", "tornacipő",
    ],
    jewellery: [
      "gyűrű", "gyűrűk", "fülbevaló", "fülbevalók", "nyaklánc", "nyakláncok", "karkötő",
      "karkötők", "karóra", "karórák", "ékszer", "ékszerek",
    ])

  /// Greek.
  static let greek = ProductWordList(
    head: ["καπέλο", "καπέλα", "σκούφος", "σκούφοι"],
    upperBody: [
      "μπλούζα", "μπλούζες", "μπλουζάκι", "πουκάμισο", "πουκάμισα", "πουλόβερ", "ζακέτα",
      "ζακέτες", "μπουφάν", "παλτό", "σακάκι", "γιλέκο", "σουτιέν", "φούτερ",
    ],
    lowerBody: ["φούστα", "φούστες", "παντελόνι", "παντελόνια", "σορτς", "κολάν"],
    wholeBody: ["φόρεμα", "φορέματα", "ολόσωμη φόρμα"],
    feet: ["παπούτσι", "παπούτσια", "μπότα", "μπότες", "σανδάλια", "πέδιλα", "παντόφλες"],
    jewellery: [
      "δαχτυλίδι", "δαχτυλίδια", "σκουλαρίκι", "σκουλαρίκια", "κολιέ", "βραχιόλι", "βραχιόλια",
      "μενταγιόν", "ρολόι", "ρολόγια", "κόσμημα", "κοσμήματα",
    ])

  /// Russian. Left out: "подвеска" (a car's suspension), "украшения" (decorations).
  static let russian = ProductWordList(
    head: ["шапка", "шапки", "кепка", "кепки", "шляпа", "шляпы", "бейсболка", "бейсболки"],
    upperBody: [
      "футболка", "футболки", "рубашка", "рубашки", "блузка", "блузки", "блуза", "свитер",
      "свитеры", "свитера", "джемпер", "джемперы", "кофта", "кофты", "толстовка", "толстовки",
      "худи", "куртка", "куртки", "пальто", "пиджак", "пиджаки", "жилет", "жилеты", "топ",
      "майка", "майки", "бюстгальтер", "лонгслив",
    ],
    lowerBody: [
      "юбка", "юбки", "брюки", "джинсы", "шорты", "леггинсы", "лосины",
    ],
    wholeBody: ["платье", "платья", "комбинезон", "комбинезоны", "сарафан", "сарафаны"],
    feet: [
      "обувь", "туфли", "ботинки", "сапоги", "кроссовки", "кеды", "сандалии", "босоножки",
      "тапочки", "мокасины", "лоферы", "ботильоны",
    ],
    jewellery: [
      "кольцо", "кольца", "серьги", "серёжки", "колье", "ожерелье", "цепочка", "цепочки",
      "браслет", "браслеты", "кулон", "кулоны", "брошь", "броши", "часы",
    ])

  /// Japanese, matched inside a run of Japanese script (titles have no spaces between words):
  /// of the words of a run, the last one names the garment, as Japanese puts the head of a
  /// compound last (シャツワンピース is a dress, ブーツカットパンツ trousers). Left out:
  /// リング (inside スプリング, and a ring belt: リングベルトシューズ), ペンダント (a pendant
  /// lamp), パーカー (a pen maker), ベスト (ベストセラー), ニット and スウェット (a fabric),
  /// 時計 alone (a clock; 腕時計 is kept).
  static let japanese = ProductWordList(
    head: ["帽", "キャップ", "ハット"],
    upperBody: [
      "シャツ", "ブラウス", "セーター", "カーディガン", "ジャケット", "コート", "ブルゾン",
      "トップス", "タンクトップ", "カットソー", "ブラジャー",
    ],
    lowerBody: ["スカート", "パンツ", "ズボン", "ジーンズ", "レギンス", "スラックス"],
    wholeBody: ["ワンピース", "ドレス", "サロペット", "オールインワン", "ジャンプスーツ"],
    feet: [
      "靴", "シューズ", "パンプス", "スニーカー", "サンダル", "ブーツ", "ローファー", "スリッポン",
      "モカシン", "ミュール", "スリッパ", "ブーティ",
    ],
    jewellery: [
      "指輪", "ネックレス", "ピアス", "イヤリング", "ブレスレット", "バングル", "ブローチ",
      "アンクレット", "腕時計", "ジュエリー", "チョーカー",
    ])

  /// The languages whose words are read as whole words, in every title.
  static let wordLanguages: [ProductWordList] = [
    english, spanish, german, french, italian, portuguese, dutch, polish, czechSlovak,
    southSlavic, turkish, romanian, hungarian, greek, russian,
  ]
}

/// The words of a title or type as the hint matches them, and the tables made from the lists.
enum ProductWords {
  /// The words of `text`: runs of letters, a run of Japanese script apart from the letters
  /// around it (`Tシャツ` is `t` and `シャツ`), in lower case and width folded; a word not in
  /// Japanese script also loses its accents (`pantalón` and `pantalon` are one word), and the
  /// letters that have no accent to lose but are written without one (ł, ı, đ, ø) are
  /// written so.
  static func words(of text: String) -> [String] {
    let ascii = text.utf8.allSatisfy { $0 < 0x80 }
    let folded =
      ascii
      ? text.lowercased()
      : text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).lowercased()
    var words: [String] = []
    var current = ""
    var currentIsJapanese = false
    func finish() {
      guard !current.isEmpty else { return }
      if currentIsJapanese {
        // Width folding leaves a half-width voiced kana as a kana and a combining mark.
        words.append(current.precomposedStringWithCanonicalMapping)
      } else {
        words.append(ascii ? current : plain(current))
      }
      current = ""
    }
    for character in folded {
      guard character.isLetter else {
        finish()
        continue
      }
      let japanese = isJapanese(character)
      if japanese != currentIsJapanese { finish() }
      currentIsJapanese = japanese
      current.append(character)
    }
    finish()
    return words
  }

  /// A word without its accents, with the letters feeds often write without their stroke
  /// or dot.
  private static func plain(_ word: String) -> String {
    guard !word.utf8.allSatisfy({ $0 < 0x80 }) else { return word }
    let folded = word.folding(options: .diacriticInsensitive, locale: nil)
    guard folded.contains(where: { Self.unaccented[$0] != nil }) else { return folded }
    return String(folded.map { Self.unaccented[$0] ?? $0 })
  }

  /// Letters with a stroke or without a dot, which lose no accent in folding.
  private static let unaccented: [Character: Character] = [
    "ł": "l", "ı": "i", "đ": "d", "ø": "o",
  ]

  /// Hiragana, katakana (with its prolonged sound mark) and kanji.
  static func isJapanese(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3005, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF: return true
    default: return false
    }
  }

  /// Each garment word or phrase, matched as words, with the region it covers.
  static let garments: [String: BodyRegion] = {
    var table: [String: BodyRegion] = [:]
    for list in ProductWordList.wordLanguages {
      for (region, entries) in list.garments {
        for entry in entries { table[key(entry)] = region }
      }
    }
    return table
  }()

  /// Each jewellery or watch word or phrase, matched as words.
  static let jewellery: Set<String> = Set(
    ProductWordList.wordLanguages.flatMap(\.jewellery).map(key))

  /// The most words a phrase of either table has.
  static let longestPhrase: Int =
    (Array(garments.keys) + Array(jewellery))
    .map { $0.split(separator: " ").count }.max() ?? 1

  /// The Japanese garment words with their regions, and the jewellery words, in UTF-8 (a
  /// byte search is a search by character in text of one normal form).
  static let japaneseGarments: [(word: [UInt8], region: BodyRegion)] = ProductWordList.japanese
    .garments.flatMap { region, entries in entries.map { (Array(key($0).utf8), region) } }
  static let japaneseJewellery: [[UInt8]] = ProductWordList.japanese.jewellery.map {
    Array(key($0).utf8)
  }

  /// An entry as it is matched: its words joined by one space.
  static func key(_ entry: String) -> String {
    words(of: entry).joined(separator: " ")
  }

  /// The region of the first garment in `words`: at each word the longest phrase that
  /// starts there, or within a run of Japanese script the last garment word of the run.
  static func region(in words: [String]) -> BodyRegion? {
    for start in words.indices {
      if let first = words[start].first, isJapanese(first) {
        if let region = japaneseRegion(in: words[start]) { return region }
        continue
      }
      for count in stride(from: min(longestPhrase, words.count - start), through: 1, by: -1) {
        let phrase = words[start..<start + count].joined(separator: " ")
        if let region = garments[phrase] { return region }
      }
    }
    return nil
  }

  /// Whether `words` name a piece of jewellery or a watch, as a word, a phrase or a word inside
  /// a run of Japanese script.
  static func namesJewellery(_ words: [String]) -> Bool {
    for start in words.indices {
      if let first = words[start].first, isJapanese(first) {
        let run = Array(words[start].utf8)
        if japaneseJewellery.contains(where: { lastEnd(of: $0, in: run) != nil }) { return true }
        continue
      }
      for count in 1...min(longestPhrase, words.count - start)
      where jewellery.contains(words[start..<start + count].joined(separator: " ")) {
        return true
      }
    }
    return false
  }

  /// The last garment word in a run of Japanese script: the one that ends last, the longer of
  /// two that end together (パンツ inside ショートパンツ).
  private static func japaneseRegion(in text: String) -> BodyRegion? {
    let run = Array(text.utf8)
    let found = japaneseGarments.compactMap { entry in
      lastEnd(of: entry.word, in: run).map { (end: $0, length: entry.word.count, entry.region) }
    }
    return found.max { ($0.end, $0.length) < ($1.end, $1.length) }?.2
  }

  /// Where the last `word` in `run` ends, or nil when it is not there.
  private static func lastEnd(of word: [UInt8], in run: [UInt8]) -> Int? {
    guard !word.isEmpty, word.count <= run.count else { return nil }
    for start in stride(from: run.count - word.count, through: 0, by: -1)
    where run[start..<start + word.count].elementsEqual(word) {
      return start + word.count
    }
    return nil
  }
}
