import HuewallCLI

/// The executable only starts the command; everything else lives in HuewallCLI.
@main
enum HuewallMain {
  static func main() async {
    await Huewall.main()
  }
}
