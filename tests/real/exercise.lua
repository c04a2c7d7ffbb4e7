-- tests/real/exercise.lua - Lua 5.4 run as a real program (tests/e2e/test_real.sh):
-- string hashing, tables, closures, coroutines, metatables, errors, string.pack,
-- floating point, and the files of the current directory: io writes and reads,
-- os.rename, os.remove, os.tmpname; a buffer grown past glibc's 128 KiB mmap
-- threshold (realloc of a mapped chunk: mremap).  Everything it prints is
-- deterministic: no addresses, no times, no pairs() order (Lua seeds its string
-- hash from the clock and an address), random numbers from a fixed seed.
--
--   lua exercise.lua        (in a scratch directory: it leaves out.txt and big.txt)

local function fnv1a(s)
  local h = 2166136261
  for i = 1, #s do
    h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff
  end
  return h
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- String hashing: our own FNV-1a and Lua's interning (a table of string keys).
local words, counts = {}, {}
for i = 1, 4000 do
  local w = string.format("w%03d-%s", i % 701, string.rep("x", i % 3 + 1))
  words[#words + 1] = w
  counts[w] = (counts[w] or 0) + 1
end
local distinct, hsum = 0, 0
for _, k in ipairs(sorted_keys(counts)) do
  distinct = distinct + 1
  hsum = (hsum + fnv1a(k) * counts[k]) & 0xffffffff
end
print(string.format("strings: %d words, %d distinct, hash sum %08x", #words, distinct, hsum))
print(string.format("fnv1a: %08x %08x %08x", fnv1a(""), fnv1a("a"), fnv1a("hwprof")))

-- Tables: arrays, sorting with a comparator, removal, a sparse table, the length.
math.randomseed(42)
local arr = {}
for i = 1, 2000 do arr[i] = math.random(1, 1000000) end
table.sort(arr, function(a, b) return a > b end)
local ok = true
for i = 2, #arr do if arr[i - 1] < arr[i] then ok = false end end
local removed = 0
for i = #arr, #arr - 600, -3 do table.remove(arr, i); removed = removed + 1 end
print(string.format("tables: sorted %s, %d removed, %d left, first %d last %d",
  tostring(ok), removed, #arr, arr[1], arr[#arr]))
local sparse = {}
for i = 1, 1000 do sparse[i * i] = i end
local ssum = 0
for k, v in pairs(sparse) do ssum = ssum + k - v end
print("sparse sum", ssum, "#t", #table.pack(1, 2, nil, 4), select("#", 1, nil, nil))

-- Closures: counters sharing upvalues, a memoized recursion.
local function counter()
  local n = 0
  return function() n = n + 1; return n end, function() return n end
end
local inc, get = counter()
for _ = 1, 10 do inc() end
local memo = {}
local function fib(n)
  if n < 2 then return n end
  local v = memo[n]
  if not v then v = fib(n - 1) + fib(n - 2); memo[n] = v end
  return v
end
print("closures:", get(), fib(80), fib(90) // fib(45))

-- Coroutines: a generator of primes.
local primes = coroutine.wrap(function()
  local n = 2
  while true do
    local p = true
    for d = 2, math.floor(math.sqrt(n)) do if n % d == 0 then p = false; break end end
    if p then coroutine.yield(n) end
    n = n + 1
  end
end)
local ps = {}
for _ = 1, 15 do ps[#ps + 1] = primes() end
print("primes:", table.concat(ps, " "))

-- Metatables and errors.
local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return setmetatable({ x = a.x + b.x, y = a.y + b.y }, Vec) end
Vec.__tostring = function(v) return string.format("(%g, %g)", v.x, v.y) end
local v = setmetatable({ x = 1.5, y = -2 }, Vec) + setmetatable({ x = 0.25, y = 8 }, Vec)
local okc, err = pcall(function() return nil + 1 end)
local oke, obj = pcall(error, { code = 7 })
print("meta:", tostring(v), okc, err, oke, obj.code)

-- string.pack, utf8, patterns, floating point.
local packed = string.pack(">i4 d s1", -123456, math.pi, "mips")
local a, b, c = string.unpack(">i4 d s1", packed)
print("pack:", #packed, a, string.format("%.10f", b), c)
print("utf8:", utf8.len("h\u{e9}llo w\u{f6}rld"), utf8.char(72, 228, 8364))
print("gsub:", ("the quick brown fox"):gsub("%w+", function(w) return w:upper():reverse() end))
print(string.format("float: %.6f %g %e %d", math.exp(1), 1 / 3, 6.02214076e23, math.tointeger(2 ^ 40)))

-- Files: write, append, read back by lines and by seek; rename; remove.
local f = assert(io.open("out.txt", "w"))
for i = 1, 100 do f:write(string.format("line %3d %s\n", i, string.rep("=", i % 13))) end
f:close()
f = assert(io.open("out.txt", "a"))
f:write("appended\n")
f:close()
local nlines, nbytes = 0, 0
for line in io.lines("out.txt") do nlines = nlines + 1; nbytes = nbytes + #line + 1 end
f = assert(io.open("out.txt", "r"))
local size = f:seek("end")
f:seek("set", 9 * 10)
local tenth = f:read("l")
f:close()
print("io:", nlines, nbytes, size, tenth)
assert(os.rename("out.txt", "renamed.txt"))
local gone, msg = io.open("out.txt", "r")
print("rename:", gone, msg)
f = assert(io.open("renamed.txt", "r"))
print("renamed first line:", f:read("l"))
f:close()
assert(os.rename("renamed.txt", "out.txt"))
print("rename missing:", os.rename("no-such-file", "x"))

local tmp = os.tmpname()
f = assert(io.open(tmp, "w"))
f:write("temporary\n")
f:close()
f = assert(io.open(tmp, "r"))
print("tmpname:", f:read("a"):gsub("\n", ""), tmp:match("^/tmp/lua_") ~= nil)
f:close()
print("remove:", os.remove(tmp), io.open(tmp) == nil)

-- A large buffer: table.concat grows its buffer by reallocating (past 128 KiB, a
-- mapped chunk that glibc's realloc moves with mremap), then gsub and find over it.
local parts = {}
for i = 1, 20000 do parts[i] = string.format("%05d:%s;", i, string.rep("ab", i % 9)) end
local big = table.concat(parts)
local nsemi = select(2, big:gsub(";", ";"))
print("big:", #big, nsemi, fnv1a(big:sub(1, 4096)), big:find("19999:", 1, true))
local rep = big:rep(3, "|")
print("rep:", #rep, fnv1a(rep:sub(-64)))
f = assert(io.open("big.txt", "wb"))
f:write(rep)
f:close()
f = assert(io.open("big.txt", "rb"))
local back = f:read("a")
f:close()
print("big file:", #back, back == rep)
