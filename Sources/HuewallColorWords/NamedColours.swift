// Written by scripts/make-named-colours; do not edit. Sources and rules: that script.

extension NamedColourTable {
  /// name|#rrggbb|family, one XKCD colour a line (XKCD colour survey, public domain).
  static let surveyTable = """
    acid green|#8ffe09|green
    adobe|#bd6c48|brown
    algae|#54ac68|green
    algae green|#21c36f|green
    almost black|#070d0d|black
    amber|#feb308|orange
    amethyst|#9b5fc0|purple
    apple|#6ecb3c|green
    apple green|#76cd26|green
    apricot|#ffb16d|orange
    aqua|#13eac9|blue
    aqua blue|#02d8e9|blue
    aqua green|#12e193|green
    aqua marine|#2ee8bb|blue
    aquamarine|#04d8b2|blue
    army green|#4b5d16|green
    asparagus|#77ab56|green
    aubergine|#3d0734|purple
    auburn|#9a3001|brown
    avocado|#90b134|green
    avocado green|#87a922|green
    azul|#1d5dec|blue
    azure|#069af3|blue
    baby blue|#a2cffe|blue
    baby green|#8cff9e|green
    baby pink|#ffb7ce|pink
    baby poo|#ab9004|yellow
    baby poop|#937c00|yellow
    baby poop green|#8f9805|green
    baby puke green|#b6c406|green
    baby purple|#ca9bf7|purple
    baby shit brown|#ad900d|brown
    baby shit green|#889717|green
    banana|#ffff7e|yellow
    banana yellow|#fafe4b|yellow
    barbie pink|#fe46a5|pink
    barf green|#94ac02|green
    barney|#ac1db8|purple
    barney purple|#a00498|purple
    battleship grey|#6b7c85|grey
    beige|#e6daa6|beige
    berry|#990f4b|red
    bile|#b5c306|green
    black|#000000|black
    bland|#afa88b|beige
    blood|#770001|red
    blood orange|#fe4b03|orange
    blood red|#980002|red
    blue|#0343df|blue
    blue blue|#2242c7|blue
    blue green|#137e6d|green
    blue grey|#607c8e|grey
    blue purple|#5729ce|purple
    blue violet|#5d06e9|purple
    blue with a hint of purple|#533cc6|purple
    blue/green|#0f9b8e|green
    blue/grey|#758da3|grey
    blue/purple|#5a06ef|purple
    blueberry|#464196|purple
    bluegreen|#017a79|green
    bluegrey|#85a3b2|grey
    bluey green|#2bb179|green
    bluey grey|#89a0b0|grey
    bluey purple|#6241c7|purple
    bluish|#2976bb|blue
    bluish green|#10a674|green
    bluish grey|#748b97|grey
    bluish purple|#703be7|purple
    blurple|#5539cc|purple
    blush|#f29e8e|pink
    blush pink|#fe828c|pink
    booger|#9bb53c|green
    booger green|#96b403|green
    bordeaux|#7b002c|red
    boring green|#63b365|green
    bottle green|#044a05|green
    brick|#a03623|red
    brick orange|#c14a09|orange
    brick red|#8f1402|red
    bright aqua|#0bf9ea|blue
    bright blue|#0165fc|blue
    bright cyan|#41fdfe|blue
    bright green|#01ff07|green
    bright lavender|#c760ff|purple
    bright light blue|#26f7fd|blue
    bright light green|#2dfe54|green
    bright lilac|#c95efb|purple
    bright lime|#87fd05|green
    bright lime green|#65fe08|green
    bright magenta|#ff08e8|pink
    bright olive|#9cbb04|green
    bright orange|#ff5b00|orange
    bright pink|#fe01b1|pink
    bright purple|#be03fd|purple
    bright red|#ff000d|red
    bright sea green|#05ffa6|green
    bright sky blue|#02ccfe|blue
    bright teal|#01f9c6|blue
    bright turquoise|#0ffef9|blue
    bright violet|#ad0afd|purple
    bright yellow|#fffd01|yellow
    bright yellow green|#9dff00|green
    british racing green|#05480d|green
    bronze|#a87900|orange
    brown|#653700|brown
    brown green|#706c11|green
    brown grey|#8d8468|grey
    brown orange|#b96902|orange
    brown red|#922b05|red
    brown yellow|#b29705|yellow
    brownish|#9c6d57|brown
    brownish green|#6a6e09|green
    brownish grey|#86775f|grey
    brownish orange|#cb7723|orange
    brownish pink|#c27e79|pink
    brownish purple|#76424e|purple
    brownish red|#9e3623|red
    brownish yellow|#c9b003|yellow
    browny green|#6f6c0a|green
    browny orange|#ca6b02|orange
    bruise|#7e4071|purple
    bubble gum pink|#ff69af|pink
    bubblegum|#ff6cb5|pink
    bubblegum pink|#fe83cc|pink
    buff|#fef69e|beige
    burgundy|#610023|red
    burnt orange|#c04e01|orange
    burnt red|#9f2305|red
    burnt siena|#b75203|brown
    burnt sienna|#b04e0f|brown
    burnt umber|#a0450e|brown
    burnt yellow|#d5ab09|yellow
    burple|#6832e3|purple
    butter|#ffff81|yellow
    butter yellow|#fffd74|yellow
    butterscotch|#fdb147|orange
    cadet blue|#4e7496|blue
    camel|#c69f59|beige
    camo|#7f8f4e|green
    camo green|#526525|green
    camouflage green|#4b6113|green
    canary|#fdff63|yellow
    canary yellow|#fffe40|yellow
    candy pink|#ff63e9|pink
    caramel|#af6f09|brown
    carmine|#9d0216|red
    carnation|#fd798f|pink
    carnation pink|#ff7fa7|pink
    carolina blue|#8ab8fe|blue
    celadon|#befdb7|green
    celery|#c1fd95|green
    cement|#a5a391|grey
    cerise|#de0c62|pink
    cerulean|#0485d1|blue
    cerulean blue|#056eee|blue
    charcoal|#343837|grey
    charcoal grey|#3c4142|grey
    chartreuse|#c1f80a|green
    cherry|#cf0234|red
    cherry red|#f7022a|red
    chestnut|#742802|brown
    chocolate|#3d1c02|brown
    chocolate brown|#411900|brown
    cinnamon|#ac4f06|brown
    claret|#680018|red
    clay|#b66a50|brown
    clay brown|#b2713d|brown
    clear blue|#247afd|blue
    cloudy blue|#acc2d9|blue
    cobalt|#1e488f|blue
    cobalt blue|#030aa7|blue
    cocoa|#875f42|brown
    coffee|#a6814c|brown
    cool blue|#4984b8|blue
    cool green|#33b864|green
    cool grey|#95a3a6|grey
    copper|#b66325|orange
    coral|#fc5a50|orange
    coral pink|#ff6163|pink
    cornflower|#6a79f7|blue
    cornflower blue|#5170d7|blue
    cranberry|#9e003a|red
    cream|#ffffc2|beige
    creme|#ffffb6|beige
    crimson|#8c000f|red
    custard|#fffd78|yellow
    cyan|#00ffff|blue
    dandelion|#fedf08|yellow
    dark|#1b2431|navy
    dark aqua|#05696b|navy
    dark aquamarine|#017371|navy
    dark beige|#ac9362|beige
    dark blue|#00035b|navy
    dark blue green|#005249|green
    dark blue grey|#1f3b4d|grey
    dark brown|#341c02|brown
    dark coral|#cf524e|orange
    dark cream|#fff39a|beige
    dark cyan|#0a888a|navy
    dark forest green|#002d04|green
    dark fuchsia|#9d0759|pink
    dark gold|#b59410|gold
    dark grass green|#388004|green
    dark green|#033500|green
    dark green blue|#1f6357|navy
    dark grey|#363737|grey
    dark grey blue|#29465b|navy
    dark hot pink|#d90166|pink
    dark indigo|#1f0954|purple
    dark khaki|#9b8f55|beige
    dark lavender|#856798|purple
    dark lilac|#9c6da5|purple
    dark lime|#84b701|green
    dark lime green|#7ebd01|green
    dark magenta|#960056|pink
    dark maroon|#3c0008|red
    dark mauve|#874c62|purple
    dark mint|#48c072|green
    dark mint green|#20c073|green
    dark mustard|#a88905|yellow
    dark navy|#000435|navy
    dark navy blue|#00022e|navy
    dark olive|#373e02|green
    dark olive green|#3c4d03|green
    dark orange|#c65102|orange
    dark pastel green|#56ae57|green
    dark peach|#de7e5d|orange
    dark periwinkle|#665fd1|navy
    dark pink|#cb416b|pink
    dark plum|#3f012c|purple
    dark purple|#35063e|purple
    dark red|#840000|red
    dark rose|#b5485d|pink
    dark royal blue|#02066f|navy
    dark sage|#598556|green
    dark salmon|#c85a53|pink
    dark sand|#a88f59|beige
    dark sea green|#11875d|green
    dark seafoam|#1fb57a|green
    dark seafoam green|#3eaf76|green
    dark sky blue|#448ee4|navy
    dark slate blue|#214761|navy
    dark tan|#af884a|beige
    dark taupe|#7f684e|brown
    dark teal|#014d4e|navy
    dark turquoise|#045c5a|navy
    dark violet|#34013f|purple
    dark yellow|#d5b60a|yellow
    dark yellow green|#728f02|green
    darkblue|#030764|navy
    darkgreen|#054907|green
    darkish blue|#014182|blue
    darkish green|#287c37|green
    darkish pink|#da467d|pink
    darkish purple|#751973|purple
    darkish red|#a90308|red
    deep aqua|#08787f|navy
    deep blue|#040273|navy
    deep brown|#410200|brown
    deep green|#02590f|green
    deep lavender|#8d5eb7|purple
    deep lilac|#966ebd|purple
    deep magenta|#a0025c|pink
    deep orange|#dc4d01|orange
    deep pink|#cb0162|pink
    deep purple|#36013f|purple
    deep red|#9a0200|red
    deep rose|#c74767|pink
    deep sea blue|#015482|navy
    deep sky blue|#0d75f8|navy
    deep teal|#00555a|navy
    deep turquoise|#017374|navy
    deep violet|#490648|purple
    denim|#3b638c|blue
    denim blue|#3b5b92|blue
    desert|#ccad60|beige
    diarrhea|#9f8303|yellow
    dirt|#8a6e45|brown
    dirt brown|#836539|brown
    dirty blue|#3f829d|blue
    dirty green|#667e2c|green
    dirty orange|#c87606|orange
    dirty pink|#ca7b80|pink
    dirty purple|#734a65|purple
    dirty yellow|#cdc50a|yellow
    dodger blue|#3e82fc|blue
    drab|#828344|green
    drab green|#749551|green
    dried blood|#4b0101|red
    duck egg blue|#c3fbf4|blue
    dull blue|#49759c|blue
    dull brown|#876e4b|brown
    dull green|#74a662|green
    dull orange|#d8863b|orange
    dull pink|#d5869d|pink
    dull purple|#84597e|purple
    dull red|#bb3f3f|red
    dull teal|#5f9e8f|blue
    dull yellow|#eedc5b|yellow
    dusk|#4e5481|purple
    dusk blue|#26538d|blue
    dusky blue|#475f94|blue
    dusky pink|#cc7a8b|pink
    dusky purple|#895b7b|purple
    dusky rose|#ba6873|pink
    dust|#b2996e|brown
    dusty blue|#5a86ad|blue
    dusty green|#76a973|green
    dusty lavender|#ac86a8|purple
    dusty orange|#f0833a|orange
    dusty pink|#d58a94|pink
    dusty purple|#825f87|purple
    dusty red|#b9484e|red
    dusty rose|#c0737a|pink
    dusty teal|#4c9085|blue
    earth|#a2653e|brown
    easter green|#8cfd7e|green
    easter purple|#c071fe|purple
    ecru|#feffca|beige
    egg shell|#fffcc4|white
    eggplant|#380835|purple
    eggplant purple|#430541|purple
    eggshell|#ffffd4|white
    eggshell blue|#c4fff7|blue
    electric blue|#0652ff|blue
    electric green|#21fc0d|green
    electric lime|#a8ff04|green
    electric pink|#ff0490|pink
    electric purple|#aa23ff|purple
    emerald|#01a049|green
    emerald green|#028f1e|green
    evergreen|#05472a|green
    faded blue|#658cbb|blue
    faded green|#7bb274|green
    faded orange|#f0944d|orange
    faded pink|#de9dac|pink
    faded purple|#916e99|purple
    faded red|#d3494e|red
    faded yellow|#feff7f|yellow
    fawn|#cfaf7b|beige
    fern|#63a950|green
    fern green|#548d44|green
    fire engine red|#fe0002|red
    flat blue|#3c73a8|blue
    flat green|#699d4c|green
    fluorescent green|#08ff08|green
    fluro green|#0aff02|green
    foam green|#90fda9|green
    forest|#0b5509|green
    forest green|#06470c|green
    forrest green|#154406|green
    french blue|#436bad|blue
    fresh green|#69d84f|green
    frog green|#58bc08|green
    fuchsia|#ed0dd9|pink
    gold|#dbb40c|gold
    golden|#f5bf03|gold
    golden brown|#b27a01|brown
    golden rod|#f9bc08|gold
    golden yellow|#fec615|yellow
    goldenrod|#fac205|yellow
    grape|#6c3461|purple
    grape purple|#5d1451|purple
    grapefruit|#fd5956|orange
    grass|#5cac2d|green
    grass green|#3f9b0b|green
    grassy green|#419c03|green
    green|#15b01a|green
    green apple|#5edc1f|green
    green blue|#06b48b|blue
    green brown|#544e03|brown
    green grey|#77926f|grey
    green teal|#0cb577|blue
    green yellow|#c9ff27|yellow
    green/blue|#01c08d|blue
    green/yellow|#b5ce08|yellow
    greenblue|#23c48b|blue
    greenish|#40a368|green
    greenish beige|#c9d179|beige
    greenish blue|#0b8b87|blue
    greenish brown|#696112|brown
    greenish cyan|#2afeb7|blue
    greenish grey|#96ae8d|grey
    greenish tan|#bccb7a|beige
    greenish teal|#32bf84|blue
    greenish turquoise|#00fbb0|blue
    greenish yellow|#cdfd02|yellow
    greeny blue|#42b395|blue
    greeny brown|#696006|brown
    greeny grey|#7ea07a|grey
    greeny yellow|#c6f808|yellow
    grey|#929591|grey
    grey blue|#6b8ba4|blue
    grey brown|#7f7053|brown
    grey green|#789b73|green
    grey pink|#c3909b|pink
    grey purple|#826d8c|purple
    grey teal|#5e9b8a|blue
    grey/blue|#647d8e|blue
    grey/green|#86a17d|green
    greyblue|#77a1b5|blue
    greyish|#a8a495|grey
    greyish blue|#5e819d|blue
    greyish brown|#7a6a4f|brown
    greyish green|#82a67d|green
    greyish pink|#c88d94|pink
    greyish purple|#887191|purple
    greyish teal|#719f91|blue
    gross green|#a0bf16|green
    gunmetal|#536267|grey
    hazel|#8e7618|brown
    heather|#a484ac|purple
    heliotrope|#d94ff5|purple
    highlighter green|#1bfc06|green
    hospital green|#9be5aa|green
    hot green|#25ff29|green
    hot magenta|#f504c9|pink
    hot pink|#ff028d|pink
    hot purple|#cb00f5|purple
    hunter green|#0b4008|green
    ice|#d6fffa|blue
    ice blue|#d7fffe|blue
    icky green|#8fae22|green
    indian red|#850e04|red
    indigo|#380282|purple
    indigo blue|#3a18b1|blue
    iris|#6258c4|purple
    irish green|#019529|green
    ivory|#ffffcb|white
    jade|#1fa774|green
    jade green|#2baf6a|green
    jungle green|#048243|green
    kelley green|#009337|green
    kelly green|#02ab2e|green
    kermit green|#5cb200|green
    key lime|#aeff6e|green
    khaki|#aaa662|beige
    khaki green|#728639|green
    kiwi|#9cef43|green
    kiwi green|#8ee53f|green
    lavender|#c79fef|purple
    lavender blue|#8b88f8|blue
    lavender pink|#dd85d7|pink
    lawn green|#4da409|green
    leaf|#71aa34|green
    leaf green|#5ca904|green
    leafy green|#51b73b|green
    leather|#ac7434|brown
    lemon|#fdff52|yellow
    lemon green|#adf802|green
    lemon lime|#bffe28|green
    lemon yellow|#fdff38|yellow
    lichen|#8fb67b|green
    light aqua|#8cffdb|blue
    light aquamarine|#7bfdc7|blue
    light beige|#fffeb6|beige
    light blue|#95d0fc|blue
    light blue green|#7efbb3|green
    light blue grey|#b7c9e2|grey
    light bluish green|#76fda8|green
    light bright green|#53fe5c|green
    light brown|#ad8150|brown
    light burgundy|#a8415b|red
    light cyan|#acfffc|blue
    light eggplant|#894585|purple
    light forest green|#4f9153|green
    light gold|#fddc5c|gold
    light grass green|#9af764|green
    light green|#96f97b|green
    light green blue|#56fca2|blue
    light greenish blue|#63f7b4|blue
    light grey|#d8dcd6|grey
    light grey blue|#9dbcd4|blue
    light grey green|#b7e1a1|green
    light indigo|#6d5acf|purple
    light khaki|#e6f2a2|beige
    light lavendar|#efc0fe|purple
    light lavender|#dfc5fe|purple
    light light blue|#cafffb|blue
    light light green|#c8ffb0|green
    light lilac|#edc8ff|purple
    light lime|#aefd6c|green
    light lime green|#b9ff66|green
    light magenta|#fa5ff7|pink
    light maroon|#a24857|red
    light mauve|#c292a1|purple
    light mint|#b6ffbb|green
    light mint green|#a6fbb2|green
    light moss green|#a6c875|green
    light mustard|#f7d560|yellow
    light navy|#155084|navy
    light navy blue|#2e5a88|navy
    light neon green|#4efd54|green
    light olive|#acbf69|green
    light olive green|#a4be5c|green
    light orange|#fdaa48|orange
    light pastel green|#b2fba5|green
    light pea green|#c4fe82|green
    light peach|#ffd8b1|orange
    light periwinkle|#c1c6fc|blue
    light pink|#ffd1df|pink
    light plum|#9d5783|purple
    light purple|#bf77f6|purple
    light red|#ff474c|red
    light rose|#ffc5cb|pink
    light royal blue|#3a2efe|blue
    light sage|#bcecac|green
    light salmon|#fea993|pink
    light sea green|#98f6b0|green
    light seafoam|#a0febf|green
    light seafoam green|#a7ffb5|green
    light sky blue|#c6fcff|blue
    light tan|#fbeeac|beige
    light teal|#90e4c1|blue
    light turquoise|#7ef4cc|blue
    light urple|#b36ff6|purple
    light violet|#d6b4fc|purple
    light yellow|#fffe7a|yellow
    light yellow green|#ccfd7f|green
    light yellowish green|#c2ff89|green
    lightblue|#7bc8f6|blue
    lighter green|#75fd63|green
    lighter purple|#a55af4|purple
    lightgreen|#76ff7b|green
    lightish blue|#3d7afd|blue
    lightish green|#61e160|green
    lightish purple|#a552e6|purple
    lightish red|#fe2f4a|red
    lilac|#cea2fd|purple
    liliac|#c48efd|purple
    lime|#aaff32|green
    lime green|#89fe05|green
    lime yellow|#d0fe1d|yellow
    lipstick|#d5174e|pink
    lipstick red|#c0022f|red
    macaroni and cheese|#efb435|yellow
    magenta|#c20078|pink
    mahogany|#4a0100|brown
    maize|#f4d054|yellow
    mango|#ffa62b|orange
    manilla|#fffa86|yellow
    marigold|#fcc006|orange
    marine|#042e60|navy
    marine blue|#01386a|blue
    maroon|#650021|red
    mauve|#ae7181|purple
    medium blue|#2c6fbb|blue
    medium brown|#7f5112|brown
    medium green|#39ad48|green
    medium grey|#7d7f7c|grey
    medium pink|#f36196|pink
    medium purple|#9e43a2|purple
    melon|#ff7855|orange
    merlot|#730039|red
    metallic blue|#4f738e|blue
    mid blue|#276ab3|blue
    mid green|#50a747|green
    midnight|#03012d|navy
    midnight blue|#020035|navy
    midnight purple|#280137|purple
    military green|#667c3e|green
    milk chocolate|#7f4e1e|brown
    mint|#9ffeb0|green
    mint green|#8fff9f|green
    minty green|#0bf77d|green
    mocha|#9d7651|brown
    moss|#769958|green
    moss green|#658b38|green
    mossy green|#638b27|green
    mud|#735c12|brown
    mud brown|#60460f|brown
    mud green|#606602|green
    muddy brown|#886806|brown
    muddy green|#657432|green
    muddy yellow|#bfac05|yellow
    mulberry|#920a4e|purple
    murky green|#6c7a0e|green
    mushroom|#ba9e88|beige
    mustard|#ceb301|yellow
    mustard brown|#ac7e04|brown
    mustard green|#a8b504|green
    mustard yellow|#d2bd0a|yellow
    muted blue|#3b719f|blue
    muted green|#5fa052|green
    muted pink|#d1768f|pink
    muted purple|#805b87|purple
    nasty green|#70b23f|green
    navy|#01153e|navy
    navy blue|#001146|navy
    navy green|#35530a|green
    neon blue|#04d9ff|blue
    neon green|#0cff0c|green
    neon pink|#fe019a|pink
    neon purple|#bc13fe|purple
    neon red|#ff073a|red
    neon yellow|#cfff04|yellow
    nice blue|#107ab0|blue
    night blue|#040348|blue
    ocean|#017b92|blue
    ocean blue|#03719c|blue
    ocean green|#3d9973|green
    ocher|#bf9b0c|yellow
    ochre|#bf9005|yellow
    ocre|#c69c04|yellow
    off blue|#5684ae|blue
    off green|#6ba353|green
    off white|#ffffe4|white
    off yellow|#f1f33f|yellow
    old pink|#c77986|pink
    old rose|#c87f89|pink
    olive|#6e750e|green
    olive brown|#645403|brown
    olive drab|#6f7632|green
    olive green|#677a04|green
    olive yellow|#c2b709|yellow
    orange|#f97306|orange
    orange brown|#be6400|brown
    orange pink|#ff6f52|pink
    orange red|#fd411e|red
    orange yellow|#ffad01|yellow
    orangeish|#fd8d49|orange
    orangered|#fe420f|red
    orangey brown|#b16002|brown
    orangey red|#fa4224|red
    orangey yellow|#fdb915|yellow
    orangish|#fc824a|orange
    orangish brown|#b25f03|brown
    orangish red|#f43605|red
    orchid|#c875c4|purple
    pale|#fff9d0|beige
    pale aqua|#b8ffeb|blue
    pale blue|#d0fefe|blue
    pale brown|#b1916e|brown
    pale cyan|#b7fffa|blue
    pale gold|#fdde6c|gold
    pale green|#c7fdb5|green
    pale grey|#fdfdfe|grey
    pale lavender|#eecffe|purple
    pale light green|#b1fc99|green
    pale lilac|#e4cbff|purple
    pale lime|#befd73|green
    pale lime green|#b1ff65|green
    pale magenta|#d767ad|pink
    pale mauve|#fed0fc|purple
    pale olive|#b9cc81|green
    pale olive green|#b1d27b|green
    pale orange|#ffa756|orange
    pale peach|#ffe5ad|orange
    pale pink|#ffcfdc|pink
    pale purple|#b790d4|purple
    pale red|#d9544d|red
    pale rose|#fdc1c5|pink
    pale salmon|#ffb19a|pink
    pale sky blue|#bdf6fe|blue
    pale teal|#82cbb2|blue
    pale turquoise|#a5fbd5|blue
    pale violet|#ceaefa|purple
    pale yellow|#ffff84|yellow
    parchment|#fefcaf|yellow
    pastel blue|#a2bffe|blue
    pastel green|#b0ff9d|green
    pastel orange|#ff964f|orange
    pastel pink|#ffbacd|pink
    pastel purple|#caa0ff|purple
    pastel red|#db5856|red
    pastel yellow|#fffe71|yellow
    pea|#a4bf20|green
    pea green|#8eab12|green
    pea soup|#929901|green
    pea soup green|#94a617|green
    peach|#ffb07c|orange
    peachy pink|#ff9a8a|pink
    peacock blue|#016795|blue
    pear|#cbf85f|green
    periwinkle|#8e82fe|blue
    periwinkle blue|#8f99fb|blue
    perrywinkle|#8f8ce7|blue
    petrol|#005f6a|blue
    pig pink|#e78ea5|pink
    pine|#2b5d34|green
    pine green|#0a481e|green
    pink|#ff81c0|pink
    pink purple|#db4bda|purple
    pink red|#f5054f|red
    pink/purple|#ef1de7|purple
    pinkish|#d46a7e|pink
    pinkish brown|#b17261|brown
    pinkish grey|#c8aca9|grey
    pinkish orange|#ff724c|orange
    pinkish purple|#d648d7|purple
    pinkish red|#f10c45|red
    pinkish tan|#d99b82|beige
    pinky|#fc86aa|pink
    pinky purple|#c94cbe|purple
    pinky red|#fc2647|red
    piss yellow|#ddd618|yellow
    pistachio|#c0fa8b|green
    plum|#580f41|purple
    plum purple|#4e0550|purple
    poison green|#40fd14|green
    poo|#8f7303|brown
    poo brown|#885f01|brown
    poop|#7f5e00|brown
    poop brown|#7a5901|brown
    poop green|#6f7c00|green
    powder blue|#b1d1fc|blue
    powder pink|#ffb2d0|pink
    primary blue|#0804f9|blue
    prussian blue|#004577|blue
    puce|#a57e52|brown
    puke|#a5a502|green
    puke brown|#947706|brown
    puke green|#9aae07|green
    puke yellow|#c2be0e|yellow
    pumpkin|#e17701|orange
    pumpkin orange|#fb7d07|orange
    pure blue|#0203e2|blue
    purple|#7e1e9c|purple
    purple blue|#632de9|blue
    purple brown|#673a3f|brown
    purple grey|#866f85|grey
    purple pink|#e03fd8|pink
    purple red|#990147|red
    purple/blue|#5d21d0|blue
    purple/pink|#d725de|pink
    purpleish|#98568d|purple
    purpleish blue|#6140ef|blue
    purpleish pink|#df4ec8|pink
    purpley|#8756e4|purple
    purpley blue|#5f34e7|blue
    purpley grey|#947e94|grey
    purpley pink|#c83cb9|pink
    purplish|#94568c|purple
    purplish blue|#601ef9|blue
    purplish brown|#6b4247|brown
    purplish grey|#7a687f|grey
    purplish pink|#ce5dae|pink
    purplish red|#b0054b|red
    purply|#983fb2|purple
    purply blue|#661aee|blue
    purply pink|#f075e6|pink
    putty|#beae8a|beige
    racing green|#014600|green
    radioactive green|#2cfa1f|green
    raspberry|#b00149|pink
    raw sienna|#9a6200|brown
    raw umber|#a75e09|brown
    really light blue|#d4ffff|blue
    red|#e50000|red
    red brown|#8b2e16|brown
    red orange|#fd3c06|orange
    red pink|#fa2a55|pink
    red purple|#820747|purple
    red violet|#9e0168|purple
    red wine|#8c0034|red
    reddish|#c44240|red
    reddish brown|#7f2b0a|brown
    reddish grey|#997570|grey
    reddish orange|#f8481c|orange
    reddish pink|#fe2c54|pink
    reddish purple|#910951|purple
    reddy brown|#6e1005|brown
    rich blue|#021bf9|blue
    rich purple|#720058|purple
    robin egg blue|#8af1fe|blue
    robin's egg|#6dedfd|blue
    robin's egg blue|#98eff9|blue
    rosa|#fe86a4|pink
    rose|#cf6275|pink
    rose pink|#f7879a|pink
    rose red|#be013c|red
    rosy pink|#f6688e|pink
    rouge|#ab1239|red
    royal|#0c1793|blue
    royal blue|#0504aa|blue
    royal purple|#4b006e|purple
    ruby|#ca0147|red
    russet|#a13905|brown
    rust|#a83c09|orange
    rust brown|#8b3103|brown
    rust orange|#c45508|orange
    rust red|#aa2704|red
    rusty orange|#cd5909|orange
    rusty red|#af2f0d|red
    saffron|#feb209|yellow
    sage|#87ae73|green
    sage green|#88b378|green
    salmon|#ff796c|pink
    salmon pink|#fe7b7c|pink
    sand|#e2ca76|beige
    sand brown|#cba560|brown
    sand yellow|#fce166|yellow
    sandstone|#c9ae74|beige
    sandy|#f1da7a|yellow
    sandy brown|#c4a661|brown
    sandy yellow|#fdee73|yellow
    sap green|#5c8b15|green
    sapphire|#2138ab|blue
    scarlet|#be0119|red
    sea|#3c9992|blue
    sea blue|#047495|blue
    sea green|#53fca1|green
    seafoam|#80f9ad|green
    seafoam blue|#78d1b6|blue
    seafoam green|#7af9ab|green
    seaweed|#18d17b|green
    seaweed green|#35ad6b|green
    sepia|#985e2b|brown
    shamrock|#01b44c|green
    shamrock green|#02c14d|green
    shit|#7f5f00|brown
    shit brown|#7b5804|brown
    shit green|#758000|green
    shocking pink|#fe02a2|pink
    sick green|#9db92c|green
    sickly green|#94b21c|green
    sickly yellow|#d0e429|yellow
    sienna|#a9561e|brown
    silver|#c5c9c7|silver
    sky|#82cafc|blue
    sky blue|#75bbfd|blue
    slate|#516572|grey
    slate blue|#5b7c99|blue
    slate green|#658d6d|green
    slate grey|#59656d|grey
    slime green|#99cc04|green
    snot|#acbb0d|green
    snot green|#9dc100|green
    soft blue|#6488ea|blue
    soft green|#6fc276|green
    soft pink|#fdb0c0|pink
    soft purple|#a66fb5|purple
    spearmint|#1ef876|green
    spring green|#a9f971|green
    spruce|#0a5f38|green
    squash|#f2ab15|yellow
    steel|#738595|silver
    steel blue|#5a7d9a|blue
    steel grey|#6f828a|grey
    stone|#ada587|beige
    stormy blue|#507b9c|blue
    straw|#fcf679|yellow
    strawberry|#fb2943|pink
    strong blue|#0c06f7|blue
    strong pink|#ff0789|pink
    sun yellow|#ffdf22|yellow
    sunflower|#ffc512|yellow
    sunflower yellow|#ffda03|yellow
    sunny yellow|#fff917|yellow
    sunshine yellow|#fffd37|yellow
    swamp|#698339|green
    swamp green|#748500|green
    tan|#d1b26f|beige
    tan brown|#ab7e4c|brown
    tan green|#a9be70|green
    tangerine|#ff9408|orange
    taupe|#b9a281|brown
    tea|#65ab7c|green
    tea green|#bdf8a3|green
    teal|#029386|blue
    teal blue|#01889f|blue
    teal green|#25a36f|green
    tealish|#24bca8|blue
    tealish green|#0cdc73|green
    terra cotta|#c9643b|orange
    terracota|#cb6843|orange
    terracotta|#ca6641|orange
    tiffany blue|#7bf2da|blue
    tomato|#ef4026|red
    tomato red|#ec2d01|red
    topaz|#13bbaf|blue
    toupe|#c7ac7d|brown
    toxic green|#61de2a|green
    tree green|#2a7e19|green
    true blue|#010fcc|blue
    true green|#089404|green
    turquoise|#06c2ac|blue
    turquoise blue|#06b1c4|blue
    turquoise green|#04f489|green
    turtle green|#75b84f|green
    twilight|#4e518b|purple
    twilight blue|#0a437a|blue
    ugly blue|#31668a|blue
    ugly brown|#7d7103|brown
    ugly green|#7a9703|green
    ugly pink|#cd7584|pink
    ugly purple|#a442a0|purple
    ugly yellow|#d0c101|yellow
    ultramarine|#2000b1|blue
    ultramarine blue|#1805db|blue
    umber|#b26400|brown
    velvet|#750851|red
    vermillion|#f4320c|red
    very dark blue|#000133|navy
    very dark brown|#1d0200|brown
    very dark green|#062e03|green
    very dark purple|#2a0134|purple
    very light blue|#d5ffff|blue
    very light brown|#d3b683|brown
    very light green|#d1ffbd|green
    very light pink|#fff4f2|pink
    very light purple|#f6cefc|purple
    very pale blue|#d6fffe|blue
    very pale green|#cffdbc|green
    vibrant blue|#0339f8|blue
    vibrant green|#0add08|green
    vibrant purple|#ad03de|purple
    violet|#9a0eea|purple
    violet blue|#510ac9|blue
    violet pink|#fb5ffc|pink
    violet red|#a50055|red
    viridian|#1e9167|green
    vivid blue|#152eff|blue
    vivid green|#2fef10|green
    vivid purple|#9900fa|purple
    vomit|#a2a415|green
    vomit green|#89a203|green
    vomit yellow|#c7c10c|yellow
    warm blue|#4b57db|blue
    warm brown|#964e02|brown
    warm grey|#978a84|grey
    warm pink|#fb5581|pink
    warm purple|#952e8f|purple
    washed out green|#bcf5a6|green
    water blue|#0e87cc|blue
    watermelon|#fd4659|pink
    weird green|#3ae57f|green
    wheat|#fbdd7e|beige
    white|#ffffff|white
    windows blue|#3778bf|blue
    wine|#80013f|red
    wine red|#7b0323|red
    wintergreen|#20f986|green
    wisteria|#a87dc2|purple
    yellow|#ffff14|yellow
    yellow brown|#b79400|brown
    yellow green|#c0fb2d|green
    yellow ochre|#cb9d06|yellow
    yellow orange|#fcb001|orange
    yellow tan|#ffe36e|beige
    yellow/green|#c8fd3d|green
    yellowgreen|#bbf90f|green
    yellowish|#faee66|yellow
    yellowish brown|#9b7a01|brown
    yellowish green|#b0dd16|green
    yellowish orange|#ffab0f|orange
    yellowish tan|#fcfc81|beige
    yellowy brown|#ae8b0c|brown
    yellowy green|#bff128|green
    """
}
