// The body of every POST route of `huewall serve` (`/api/color` and `/api/save`), read as the
// server reads it: RequestFields.parse under the request's Content-Type. The input's first
// line is the Content-Type (an empty line: none; no line at all: no Content-Type and the
// whole input as the body), the rest the body. The body is also read as a form and as JSON
// whatever its type, and what it gave is written out again and must read back the same. The
// first line also goes through the Host check the servers make.
import Foundation
import HuewallRequests

private let hosts = HostAllowList(listeningOn: "127.0.0.1", allowsAddresses: true)

/// `fields` as a form, every byte but the unreserved ones percent-encoded.
private func formEncoded(_ fields: [String: String]) -> [UInt8] {
  func encoded(_ text: String) -> [UInt8] {
    text.utf8.flatMap { byte -> [UInt8] in
      let unreserved =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
      return unreserved ? [byte] : Array(String(format: "%%%02X", byte).utf8)
    }
  }
  return fields.sorted { $0.key < $1.key }.map { encoded($0.key) + [0x3D] + encoded($0.value) }
    .joined(separator: [0x26]).map { $0 }
}

/// Reading `fields` written out again gives them back.
private func checkRoundTrip(_ fields: [String: String]) {
  let form = try? RequestFields.form(formEncoded(fields))
  guard form == fields else {
    fatalError("fields read back differently from a form: \(fields) -> \(String(describing: form))")
  }
  guard let json = try? JSONEncoder().encode(fields) else { fatalError("cannot encode \(fields)") }
  let read = try? RequestFields.json(Array(json))
  guard read == fields else {
    fatalError("fields read back differently from JSON: \(fields) -> \(String(describing: read))")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  var contentType: String?
  var body = input[...]
  if let newline = input.firstIndex(of: 0x0A) {
    let line = String(decoding: input[..<newline], as: UTF8.self)
    contentType = line.isEmpty ? nil : line
    body = input[(newline + 1)...]
    _ = hosts.allows(authority: line)
  }
  let bytes = Array(body)
  var results: [Result<[String: String], RequestBodyError>] = []
  do {
    results.append(.success(try RequestFields.parse(body, contentType: contentType)))
  } catch {
    results.append(.failure(error))
  }
  do {
    results.append(.success(try RequestFields.form(bytes)))
  } catch {
    results.append(.failure(error))
  }
  do {
    results.append(.success(try RequestFields.json(bytes)))
  } catch {
    results.append(.failure(error))
  }
  for result in results {
    switch result {
    case .success(let fields): checkRoundTrip(fields)
    case .failure(let error):
      guard !error.description.isEmpty else { fatalError("an error without a message") }
    }
  }
  return 0
}
