// pipeline.json: PipelineConfiguration.parse (JSON, known keys, types, validation); a
// configuration it accepts then has its paths resolved and its analysis parameters and colour
// synonyms built, as `huewall run` does next.
import Foundation
import HuewallPipeline

private let folder = URL(fileURLWithPath: "/srv/huewall", isDirectory: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let json = Data(bytes: data, count: size)
  guard let configuration = try? PipelineConfiguration.parse(json, path: "fuzz/pipeline.json")
  else { return 0 }
  let resolved = configuration.resolvingPaths(against: folder)
  guard (try? resolved.analysis.parameters()) != nil else {
    fatalError("an accepted configuration whose analysis parameters are invalid")
  }
  _ = resolved.effectiveJobs
  _ = resolved.synonyms
  return 0
}
