import Foundation
import HuewallTestSupport
import Testing

/// The systemd units in `deploy/systemd`: read for the settings a deployment relies on, and
/// checked by `systemd-analyze verify` where it is installed.
@Suite struct SystemdUnitTests {
  static let folder = repositoryRoot.appendingPathComponent("deploy/systemd")
  static let services = [
    "huewall.service", "huewall-worker@.service", "huewall-serve.service", "huewall-api.service",
  ]
  static let units = services + ["huewall.timer"]
  /// Where the units expect the binary.
  static let installedBinary = "/opt/huewall/bin/huewall"

  /// `systemd-analyze`, where it is installed.
  static let analyzer: URL? = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
    .map { URL(fileURLWithPath: $0) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// A unit file's settings, "Section/Key" → its values in file order. Comments and blank lines
  /// are skipped; these files continue no line with a backslash.
  static func settings(_ unit: String) throws -> [String: [String]] {
    let text = try String(contentsOf: folder.appendingPathComponent(unit), encoding: .utf8)
    var section = ""
    var settings: [String: [String]] = [:]
    for raw in text.split(separator: "\n") {
      let line = String(raw).trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        section = String(line.dropFirst().dropLast())
        continue
      }
      let pair = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(pair[0]).trimmingCharacters(in: .whitespaces)
      let value = pair.count > 1 ? String(pair[1]).trimmingCharacters(in: .whitespaces) : ""
      settings["\(section)/\(key)", default: []].append(value)
    }
    return settings
  }

  @Test(arguments: SystemdUnitTests.services)
  func everyServiceRunsAsHuewallBehindTheHardening(unit: String) throws {
    let settings = try Self.settings(unit)
    #expect(settings["Service/User"] == ["huewall"], "\(unit)")
    #expect(settings["Service/Group"] == ["huewall"], "\(unit)")
    for (key, value) in [
      ("ProtectSystem", "strict"), ("NoNewPrivileges", "yes"), ("PrivateTmp", "yes"),
      ("ProtectHome", "yes"), ("PrivateDevices", "yes"), ("ProtectKernelTunables", "yes"),
      ("ProtectKernelModules", "yes"), ("ProtectKernelLogs", "yes"),
      ("ProtectControlGroups", "yes"), ("RestrictNamespaces", "yes"), ("LockPersonality", "yes"),
      ("MemoryDenyWriteExecute", "yes"), ("SystemCallArchitectures", "native"),
      ("RestrictAddressFamilies", "AF_UNIX AF_INET AF_INET6"), ("CapabilityBoundingSet", ""),
      ("UMask", "0027"), ("StateDirectory", "huewall"),
    ] {
      #expect(settings["Service/\(key)"] == [value], "\(unit): \(key)")
    }
    let writable = try #require(settings["Service/ReadWritePaths"]?.first, "\(unit)")
    #expect(writable.hasPrefix("/var/lib/huewall"), "\(unit)")
    let command = try #require(settings["Service/ExecStart"]?.first, "\(unit)")
    #expect(command.hasPrefix(Self.installedBinary + " "), "\(unit)")
  }

  @Test func theTimerStartsTheNightlyRunWhichCountsALockedRunAsSuccess() throws {
    let timer = try Self.settings("huewall.timer")
    let unit = try #require(timer["Timer/Unit"]?.first)
    #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(unit).path))
    #expect(timer["Timer/OnCalendar"] == ["*-*-* 02:15"])
    #expect(timer["Timer/Persistent"] == ["true"])
    #expect(timer["Install/WantedBy"] == ["timers.target"])

    let service = try Self.settings(unit)
    #expect(service["Service/Type"] == ["oneshot"])
    // 75: another run holds the lock. 3 (too many items failed) stays a failure.
    let success = try #require(service["Service/SuccessExitStatus"]?.first)
    #expect(success.split(separator: " ").contains("75"))
    #expect(!success.split(separator: " ").contains("3"))
    let command = try #require(service["Service/ExecStart"]?.first)
    #expect(command.contains(" run --config /etc/huewall/pipeline.json"))
    let writable = try #require(service["Service/ReadWritePaths"]?.first)
    #expect(writable.contains("/var/lib/prometheus/node-exporter"))
  }

  @Test func theWorkerIsRestartedAndHasTimeToWriteItsBatchWhenStopped() throws {
    let settings = try Self.settings("huewall-worker@.service")
    #expect(settings["Service/Restart"] == ["always"])
    #expect(settings["Service/RestartSec"] == ["5"])
    #expect(settings["Service/KillSignal"] == ["SIGTERM"])
    let timeout = try #require(settings["Service/TimeoutStopSec"]?.first)
    #expect((Int(timeout) ?? 0) >= 30, "TimeoutStopSec=\(timeout)")
    let command = try #require(settings["Service/ExecStart"]?.first)
    #expect(command.contains(" worker --config /etc/huewall/%i.json"))
    #expect(command.contains("--metrics-port ${HUEWALL_METRICS_PORT}"))
    // The default port, which /etc/huewall/worker-%i.env may override.
    #expect(
      settings["Service/Environment"] == [
        "HUEWALL_METRICS_PORT=9464 HUEWALL_METRICS_HOST=127.0.0.1"
      ])
    #expect(command.contains("--metrics-host ${HUEWALL_METRICS_HOST}"))
    #expect(settings["Service/EnvironmentFile"] == ["-/etc/huewall/worker-%i.env"])
  }

  @Test func theServerListensOnLoopbackOnly() throws {
    let settings = try Self.settings("huewall-serve.service")
    let command = try #require(settings["Service/ExecStart"]?.first)
    #expect(command.contains(" serve --config /etc/huewall/pipeline.json --host 127.0.0.1 "))
    #expect(settings["Service/Restart"] == ["on-failure"])
  }

  /// `systemd-analyze verify` parses each unit as systemd would and prints every unknown key,
  /// value it cannot parse and missing program on stderr. Its exit status does not always
  /// follow (systemd 252 exits 0 for an unknown key unless given `--recursive-errors=no`), so
  /// the test reads stderr too. It checks that each ExecStart's program exists and is
  /// executable: the test verifies copies that run the built binary instead of
  /// /opt/huewall/bin/huewall. It needs no running systemd (it works in a container, as any
  /// user) and does not check that the user exists. `--man=no`: the units name no man pages to
  /// look up. `--recursive-errors=no` (systemd 250 and newer): only these units' errors count,
  /// not those of the host's units they pull in (network-online.target, timers.target). The
  /// template is verified as the instance "i".
  @Test(.enabled(if: SystemdUnitTests.analyzer != nil, "systemd-analyze is not installed"))
  func systemdAnalyzeVerifiesTheUnits() async throws {
    let analyzer = try #require(Self.analyzer)
    let copies = FileManager.default.temporaryDirectory
      .appendingPathComponent("huewall-systemd-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: copies) }
    // Quoted, and with systemd's specifier character escaped, whatever the build folder is.
    let built = try huewallExecutable().path
    let binary = "\"" + built.replacingOccurrences(of: "%", with: "%%") + "\""
    for unit in Self.units {
      let text = try String(
        contentsOf: Self.folder.appendingPathComponent(unit), encoding: .utf8)
      #expect(text.contains(Self.installedBinary) == unit.hasSuffix(".service"), "\(unit)")
      try text.replacingOccurrences(of: Self.installedBinary, with: binary)
        .write(to: copies.appendingPathComponent(unit), atomically: true, encoding: .utf8)
    }
    var options = ["verify", "--man=no"]
    let help = try await run(analyzer, ["--help"])
    if help.stdout.contains("--recursive-errors") { options.append("--recursive-errors=no") }

    let result = try await run(
      analyzer, options + Self.units.map { copies.appendingPathComponent($0).path })
    let mentions = result.stderr.split(separator: "\n").filter {
      $0.lowercased().contains("huewall")
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(mentions.isEmpty, "\(result.stderr)")

    // The same check finds a misspelt key, which verify reports and still exits 0 for.
    let broken = copies.appendingPathComponent("huewall-broken.service")
    try String(contentsOf: copies.appendingPathComponent("huewall-serve.service"), encoding: .utf8)
      .replacingOccurrences(of: "ProtectSystem=strict", with: "ProtectSytem=strict")
      .write(to: broken, atomically: true, encoding: .utf8)
    let check = try await run(analyzer, options + [broken.path])
    let reported = check.stderr.split(separator: "\n").contains {
      $0.contains("huewall-broken.service") && $0.contains("ProtectSytem")
    }
    #expect(reported, "\(check.stderr)")
  }

}
