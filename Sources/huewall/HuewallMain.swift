import HuewallCLI
import HuewallDecode

/// The executable only tunes the process and starts the command; everything else lives in
/// HuewallCLI.
@main
enum HuewallMain {
  static func main() async {
    // Process-wide, so decided here rather than in a library: every command but `status`
    // decodes image after image.
    ImageDecoder.keepFreedMemoryForReuse()
    await Huewall.main()
  }
}
