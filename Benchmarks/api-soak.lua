-- wrk script of Benchmarks/api-soak: each request the next of a mix of what apps send (pages
-- under filters, with and without gzip, revalidations, single products, changes, errors).
-- The paths are in the environment variable SOAK_PATHS, one a line, each "PATH" or
-- "PATH<TAB>HEADER: VALUE".
local requests = {}
for line in (os.getenv("SOAK_PATHS") or "/health"):gmatch("[^\n]+") do
  local path, header = line:match("^([^\t]+)\t(.+)$")
  local headers = {}
  if path then
    local name, value = header:match("^([^:]+):%s*(.*)$")
    headers[name] = value
  else
    path = line
  end
  table.insert(requests, wrk.format("GET", path, headers))
end
local next_request = 0

request = function()
  next_request = next_request % #requests + 1
  return requests[next_request]
end
