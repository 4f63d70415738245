import Foundation
import HuewallTestSupport
import Testing

/// `huewall colors`, run as the built binary.
@Suite struct ColorsCommandTests {
  /// The reference oracle's top colours at default parameters, per sample file.
  static func referenceTop() throws -> [String: [String]] {
    struct Line: Decodable {
      var file: String
      var top: [String]
    }
    let url = repositoryRoot.appendingPathComponent(
      "Tests/HuewallPaletteTests/Fixtures/golden/default.jsonl")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    let decoded = try lines.map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    return Dictionary(uniqueKeysWithValues: decoded.map { ($0.file, $0.top) })
  }

  static func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func printsTheReferenceColoursOneLinePerFileInArgumentOrder() async throws {
    let reference = try Self.referenceTop()
    let files = reference.keys.sorted().reversed().map { "samples/" + $0 }
    let result = try await huewall(["colors", "--preset", "reference"] + files)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.lines.count == files.count)
    for (file, line) in zip(files, result.lines) {
      let json = try Self.object(line)
      #expect(json["file"] as? String == file)
      let colors = try #require(json["colors"] as? [[String: Any]], "\(line)")
      let keys = colors.map { c in
        String(format: "[%f,%f,%f]", c["h"] as! Double, c["s"] as! Double, c["v"] as! Double)
      }
      #expect(keys == reference[String(file.dropFirst("samples/".count))], "\(file)")
      for color in colors {
        #expect((color["hex"] as? String)?.count == 7)
        let share = try #require(color["share"] as? Double)
        #expect(share > 0 && share <= 1)
      }
    }
  }

  @Test func keepsTheDocumentedKeyOrder() async throws {
    let result = try await huewall(["colors", "samples/01-red-sneaker.jpg"])
    let line = try #require(result.lines.first)
    #expect(line.hasPrefix(#"{"file":"samples/01-red-sneaker.jpg","width":"#))
    #expect(line.contains(#","colors":[{"h":"#))
    #expect(line.contains(##"}],"backdrop":{"hex":"#ffffff","h":0,"s":0,"v":1},"plainness":"##))
    #expect(line.hasSuffix("}"))
  }

  @Test func printsTheBackdropApartFromTheColours() async throws {
    let result = try await huewall([
      "colors", "samples/12-white-tshirt.jpg", "samples/04-green-cap.png",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try result.lines.map(Self.object)
    let grey = try #require(lines[0]["backdrop"] as? [String: Any])
    #expect(grey["hex"] as? String == "#eeeeee")
    #expect(grey["v"] as? Double == 0.933)
    // The light-grey backdrop is not among the white shirt's colours.
    let hexes = (lines[0]["colors"] as? [[String: Any]] ?? []).map { $0["hex"] as? String }
    #expect(!hexes.contains("#eeeeee"))
    #expect(lines[1]["backdrop"] as? String == "transparent")
    // The reference preset does not look for a backdrop.
    let reference = try await huewall([
      "colors", "--preset", "reference", "samples/05-blue-mug.jpg",
    ])
    #expect(try Self.object(reference.lines[0])["backdrop"] is NSNull)
  }

  @Test func aFailedFileGetsAnErrorLineAndTheRunGoesOn() async throws {
    let fixtures = "Tests/HuewallDecodeTests/Fixtures/"
    let files = [
      "samples/05-blue-mug.jpg", fixtures + "html.jpg", fixtures + "truncated.jpg",
      "samples/no-such-file.png", fixtures + "huge.png", "samples/13-grey-hoodie.png",
      fixtures + "hostile/png-2e32-1x2e32-1.png", fixtures + "hostile/png-text-crc-error.png",
    ]
    let result = try await huewall(["colors"] + files)
    #expect(result.status == 3)
    // libgd's and libpng's own messages (here "libpng warning: tEXt: CRC error") end up in
    // the error lines or nowhere, never raw on stderr.
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let lines = try result.lines.map(Self.object)
    #expect(lines.map { $0["file"] as? String } == files)
    #expect(lines[0]["colors"] != nil && lines[5]["colors"] != nil)
    let errors = lines.map { $0["error"] as? String }
    #expect(errors[1]?.contains("HTML page") == true)
    #expect(errors[2]?.contains("ends early") == true)
    #expect(errors[3]?.contains("no such file") == true)
    #expect(errors[4]?.contains("40000×40000") == true)
    // The header that once crashed the process: refused, and the next file is analysed.
    #expect(errors[6]?.contains("4294967295×4294967295 pixels is over the limit") == true)
    #expect(lines[7]["colors"] != nil)
  }

  @Test func concurrentRunsPrintTheSameAsOneJob() async throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("samples").path
    ).filter { !$0.hasSuffix(".tsv") && !$0.hasSuffix(".json") }.sorted().map { "samples/" + $0 }
    let serial = try await huewall(["colors", "--jobs", "1"] + files)
    let parallel = try await huewall(["colors", "--jobs", "4"] + files)
    #expect(serial.status == 0)
    #expect(serial.lines.count == files.count)
    #expect(parallel.stdout == serial.stdout)
  }

  @Test func parameterFlagsChangeTheResult() async throws {
    let file = "samples/15-multicolour-sneaker.jpg"
    let result = try await huewall(["colors", "--num-colors", "5", "--granularity", "2", file])
    let colors = try #require(try Self.object(result.lines[0])["colors"] as? [Any])
    #expect(colors.count == 5)
  }

  @Test(arguments: [
    (["--num-colors", "0"], "--num-colors 0"),
    (["--hue-sample-size", "0"], "--hue-sample-size 0.0"),
    (["--sv-sample-size", "2"], "--sv-sample-size 2.0"),
    (["--granularity", "0"], "--granularity 0"),
    (["--alpha-threshold", "200"], "--alpha-threshold 200"),
    (["--preset", "vivid"], "vivid"),
  ])
  func invalidParametersAreUsageErrors(flags: [String], mention: String) async throws {
    let result = try await huewall(["colors"] + flags + ["samples/01-red-sneaker.jpg"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(mention), "\(result.stderr)")
  }

  @Test func helpDescribesEveryParameterFlag() async throws {
    let result = try await huewall(["colors", "--help"])
    #expect(result.status == 0)
    for flag in [
      "--preset", "--num-colors", "--hue-sample-size", "--sv-sample-size", "--saturation-priority",
      "--granularity", "--alpha-threshold", "--max-megapixels", "--jobs",
    ] {
      #expect(result.stdout.contains(flag), "missing \(flag)")
    }
  }
}
