-- tests/real/compare.lua - a short Lua run for hwprof compare (tests/e2e/test_real.sh):
-- strings interned in a table, closures, a file renamed and read back, a missing one
-- renamed (the error), and a 240 KB file read whole into a buffer grown by realloc.
-- It leaves no file.
local t = {}
for i = 1, 500 do t["key" .. i] = i * 2 end
local sum = 0
for i = 1, 500 do sum = sum + t["key" .. i] end
local function counter() local n = 0; return function() n = n + 1; return n end end
local c = counter()
for _ = 1, 100 do c() end
local f = assert(io.open("cmp-a.txt", "w"))
f:write(string.rep("line\n", 100))
f:close()
assert(os.rename("cmp-a.txt", "cmp-b.txt"))
local lines = 0
for _ in io.lines("cmp-b.txt") do lines = lines + 1 end
print("rename missing:", os.rename("cmp-a.txt", "cmp-c.txt"))
os.remove("cmp-b.txt")
local parts = {}
for i = 1, 500 do parts[#parts + 1] = string.format("%05d,", i) end
f = assert(io.open("cmp-big.txt", "w"))
f:write(string.rep(table.concat(parts), 80))
f:close()
f = assert(io.open("cmp-big.txt", "r"))
local big = f:read("a") -- a buffer doubled by realloc up to 256 KiB
f:close()
os.remove("cmp-big.txt")
print(sum, c(), lines, #big, big:sub(-6))
