import HuewallRequests
import Testing

struct RequestFieldsTests {
  static let form = "application/x-www-form-urlencoded"

  static func fields(_ body: String, _ type: String? = form) throws(RequestBodyError)
    -> [String: String]
  {
    try RequestFields.parse(Array(body.utf8), contentType: type)
  }

  static func error(_ body: [UInt8], _ type: String? = form) -> RequestBodyError? {
    do {
      _ = try RequestFields.parse(body, contentType: type)
      return nil
    } catch {
      return error
    }
  }

  @Test func aFormIsReadAsBrowsersWriteIt() throws {
    #expect(
      try Self.fields("family=navy&hex=%231B2A4A&note=as+photographed")
        == ["family": "navy", "hex": "#1B2A4A", "note": "as photographed"])
    // What trapped the server: a raw space, a raw é.
    #expect(try Self.fields("family=red&note=hello world")["note"] == "hello world")
    #expect(try Self.fields("note=café")["note"] == "café")
    #expect(try Self.fields("note=caf%C3%A9+50%25+%2B1")["note"] == "café 50% +1")
    // No `=`: an empty value; empty pairs skipped; the last of a name wins; `=` in a value.
    #expect(
      try Self.fields("clear&&family=red&family=navy&note=a=b&")
        == ["clear": "", "family": "navy", "note": "a=b"])
    #expect(try Self.fields("%66amily=red") == ["family": "red"])
    #expect(try Self.fields("") == [:])
    #expect(try Self.fields("note=%00")["note"] == "\0", "a NUL is read; the note check refuses it")
  }

  @Test func aBrokenPercentEncodingIsNamed() {
    for (body, field, sequence) in [
      ("family=red&note=50%zz", RequestBodyError.Field.named("note"), "%zz"),
      ("note=100%", .named("note"), "%"),
      ("note=%4", .named("note"), "%4"),
      ("note=%4g", .named("note"), "%4g"),
      ("family=red&no%ge=x", .number(2), "%ge"),
    ] {
      let error = Self.error(Array(body.utf8))
      #expect(error?.reason == .brokenPercentEncoding(field: field, sequence: sequence), "\(body)")
    }
    let message = Self.error(Array("family=red&note=50%zz".utf8))?.description ?? ""
    #expect(message.contains(#"the form field "note" has "%zz""#), "\(message)")
    #expect(message.contains("not a percent-encoded byte"))
    // A byte that is not ASCII after the % is shown escaped.
    #expect(
      Self.error([0x6E, 0x3D, 0x25, 0xE9, 0x41])?.reason
        == .brokenPercentEncoding(field: .named("n"), sequence: #"%\xE9A"#))
  }

  @Test func bytesThatAreNotUTF8AreRefused() {
    // Latin-1 é, percent-encoded and raw; a lone continuation byte; an overlong NUL.
    for body: [UInt8] in [
      Array("note=caf%E9".utf8), Array("note=caf".utf8) + [0xE9], Array("note=%80".utf8),
      Array("note=%C0%80".utf8),
    ] {
      #expect(Self.error(body)?.reason == .notUTF8(field: .named("note")), "\(body)")
    }
    #expect(Self.error(Array("caf%E9=1".utf8))?.reason == .notUTF8(field: .number(1)))
    #expect(
      Self.error(Array("note=caf%E9".utf8))?.description
        == #"the form field "note" is not UTF-8 text"#)
    let json = Array(#"{"note": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
    #expect(Self.error(json, "application/json")?.reason == .notJSONObject("it is not UTF-8"))
  }

  @Test func aJSONObjectGivesItsMembersAsText() throws {
    let json = "application/json"
    #expect(
      try Self.fields(#"{"family": "navy", "hex": null, "clear": true, "n": 2, "x": 0.5}"#, json)
        == ["family": "navy", "clear": "true", "n": "2", "x": "0.5"])
    #expect(try Self.fields(#"{"note": "caf\u00e9 \"x\""}"#, json) == ["note": "café \"x\""])
    #expect(try Self.fields(" {}", nil) == [:], "sniffed without a type")
    #expect(try Self.fields(#"{"a": "b"}"#, "application/merge-patch+json") == ["a": "b"])
    for (body, reason) in [
      (#"["family"]"#, RequestBodyError.Reason.notJSONObject("it is another kind of JSON value")),
      (#""navy""#, .notJSONObject("it is another kind of JSON value")),
      (#"{"family": "navy""#, .notJSONObject("it is not valid JSON")),
      (#"{"family": ["navy"]}"#, .unreadableValue(field: "family")),
      (#"{"note": {"text": "x"}}"#, .unreadableValue(field: "note")),
    ] {
      #expect(Self.error(Array(body.utf8), json)?.reason == reason, "\(body)")
    }
    #expect(
      Self.error(Array(#"{"family": ["navy"]}"#.utf8), json)?.description
        == #"the JSON member "family" is not text, a number, true, false or null"#)
  }

  @Test func aFieldGivenTwiceKeepsItsLastValueInAFormAndInJSON() throws {
    let json = "application/json"
    #expect(try Self.fields("family=navy&family=red") == ["family": "red"])
    #expect(
      try Self.fields(##"{"family": "navy", "hex": "#102030", "family": "red"}"##, json)
        == ["family": "red", "hex": "#102030"])
    #expect(try Self.fields(#"{"family": "navy", "family": null}"#, json) == [:])
    #expect(try Self.fields(#"{"n": 1, "n": 2.5, "n": true}"#, json) == ["n": "true"])
    #expect(
      try Self.fields(#"{"note": "a,}\"{[", "f\u0061mily": "x", "family": "y"}"#, json)
        == ["note": #"a,}"{["#, "family": "y"])
  }

  @Test func theContentTypeDecidesHowTheBodyIsRead() throws {
    #expect(try Self.fields("family=red", nil) == ["family": "red"], "no type: a form")
    #expect(try Self.fields(#"{"family": "red"}"#, nil) == ["family": "red"], "or JSON")
    #expect(
      try Self.fields("family=red", "Application/X-WWW-Form-URLEncoded; Charset=\"UTF-8\"")
        == ["family": "red"])
    #expect(try Self.fields(#"{"family": "red"}"#, "application/json;charset=utf-8").count == 1)
    for type in [
      "text/plain", "multipart/form-data; boundary=x", "application/json; charset=iso-8859-1",
      "application/x-www-form-urlencoded; charset=latin1",
    ] {
      let error = Self.error(Array("family=red".utf8), type)
      #expect(error?.reason == .unsupportedType(type), "\(type)")
      #expect(error?.description.contains("send a form") == true)
    }
    #expect(
      try Self.fields("", "text/plain") == [:], "an empty body has no fields, whatever its type")
  }

  @Test func aBodyOverTheLimitIsRefused() {
    let large = [UInt8](repeating: UInt8(ascii: "a"), count: RequestFields.limit + 1)
    #expect(Self.error(large)?.reason == .tooLarge(limit: RequestFields.limit))
    #expect(Self.error(large)?.description == "the body is larger than 64 KB")
    let largest = Array("note=".utf8) + large.dropFirst(6)
    #expect(Self.error(largest) == nil)
  }

  @Test func quotedFieldNamesShowControlCharactersEscaped() {
    let field = RequestBodyError.Field.named("a\u{1B}[2J\"b\\\n")
    #expect(field.description == #""a\u{1b}[2J\"b\\\u{a}""#)
    #expect(
      RequestBodyError.Field.named(String(repeating: "x", count: 100)).description.count == 67)
  }

  @Test func hostsAreCheckedAsThePageChecksThem() {
    let loopback = HostAllowList(listeningOn: "127.0.0.1")
    for authority in ["127.0.0.1:8080", "localhost", "LOCALHOST:1", "[::1]:9"] {
      #expect(loopback.allows(authority: authority), "\(authority)")
    }
    for authority in ["evil.example", "evil.example:8080", "10.0.0.5:9464", "", "127.0.0.1.evil"] {
      #expect(!loopback.allows(authority: authority), "\(authority)")
    }
    #expect(!loopback.allows(authority: nil))
    let metrics = HostAllowList(
      listeningOn: "0.0.0.0", extraHosts: ["prometheus.lan"], allowsAddresses: true)
    for authority in ["10.0.0.5:9464", "[fe80::1]:9464", "prometheus.lan", "localhost:9464"] {
      #expect(metrics.allows(authority: authority), "\(authority)")
    }
    for authority in ["evil.example:9464", "10.0.0.256", "1.2.3", "[evil]", "1.2.3.4.5"] {
      #expect(!metrics.allows(authority: authority), "\(authority)")
    }
  }
}
