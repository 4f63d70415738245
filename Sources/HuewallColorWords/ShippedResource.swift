public import Foundation

/// What a Huewall binary reads from the resource bundles beside it: the lexicon and every
/// fitted table or rule. Without them it cannot name a colour, so a missing or broken file is
/// a broken installation and stops the process, naming the file and the bundle to copy.
public enum ShippedResource {
  /// The text of `folder/name.fileExtension` in `bundle`.
  public static func text(
    _ name: String, fileExtension: String, folder: String, in bundle: Bundle
  ) -> String {
    String(decoding: data(name, fileExtension, folder, bundle), as: UTF8.self)
  }

  /// The JSON file `folder/name.json` in `bundle`, decoded.
  public static func json<Value: Decodable>(_ name: String, folder: String, in bundle: Bundle)
    -> Value
  {
    do {
      return try JSONDecoder().decode(Value.self, from: data(name, "json", folder, bundle))
    } catch {
      fatalError("\(folder)/\(name).json is broken: \(error)")
    }
  }

  private static func data(
    _ name: String, _ fileExtension: String, _ folder: String, _ bundle: Bundle
  ) -> Data {
    guard
      let url = bundle.url(forResource: name, withExtension: fileExtension, subdirectory: folder),
      let data = try? Data(contentsOf: url)
    else {
      fatalError(
        "\(folder)/\(name).\(fileExtension) is missing (a huewall binary needs its \(bundle.bundleURL.lastPathComponent) folder beside it)"
      )
    }
    return data
  }
}
