#!/usr/bin/env python3
"""
cgsym.py <callgrind.out part> <perf-PID.map> [top]: a callgrind dump's self cost by
function, JIT code named from the perf map that `node --perf-basic-prof` writes
(/tmp/perf-<pid>.map; the latest entry covering an address wins). With STEPS=n in the
environment, millions of instructions a step. Used with scripts/step_scene.mjs:

  valgrind --tool=callgrind --dump-before=uv_fs_fstat node --single-threaded \
    --perf-basic-prof scripts/step_scene.mjs dist tumbler 150 10
  STEPS=10 python3 scripts/cgsym.py callgrind.out.<pid>.<last-but-one part> /tmp/perf-<pid>.map

With callgrind's --dump-instr=yes the cost of JIT code is named instruction by instruction
from the map. That names the WebAssembly kernel's functions (`kernel.solve2`,
`blocks.colour`, `collide.collideQuads`: step_scene.mjs gives its modules a name section
under --perf-basic-prof), where callgrind alone takes V8's jump-table slots, which calls into
wasm go through, for function starts and shows each as `?<slot address>`.
"""
import sys, subprocess, re, bisect, os
if len(sys.argv) < 3:
    sys.exit(__doc__)
out, mp = sys.argv[1], sys.argv[2]
top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
steps = float(os.environ.get('STEPS', '1'))
ents = []
for line in open(mp):
    p = line.rstrip('\n').split(' ', 2)
    if len(p) < 3: continue
    ents.append((int(p[0], 16), int(p[1], 16), p[2]))
# later entries win: build list in order; lookup scans candidates
ents_sorted = sorted(range(len(ents)), key=lambda i: ents[i][0])
starts = [ents[i][0] for i in ents_sorted]
def name(addr):
    j = bisect.bisect_right(starts, addr) - 1
    best = None
    k = j
    while k >= 0 and k > j - 200:
        i = ents_sorted[k]
        s, sz, n = ents[i]
        if s <= addr < s + sz and (best is None or i > best[0]): best = (i, n)
        k -= 1
    return best[1] if best else None
def label(n):
    n = re.sub(r'^(JS:|LazyCompile:)?\s*', '', n)
    # wasm code: `<name>-<index>-<tier>`; the tier only when it is not the optimised one
    m = re.match(r'^(.*)-\d+-(turbofan|liftoff)$', n)
    if m: n = m.group(1) + (' (liftoff)' if m.group(2) == 'liftoff' else '')
    return n

def instr_address(p, last):
    """An instruction line's address in a --dump-instr=yes dump: absolute, relative to the
    line before (+n, -n, +0x.., -0x..) or the same (*)."""
    if p[0] == '*': return last
    if p[0] in '+-': return last + int(p, 0) if not p[1:].startswith('0x') else last + int(p[0] + str(int(p[1:], 16)))
    return int(p, 16) if p.startswith('0x') else int(p)

def by_offset(path, func):
    """Self cost by offset into JIT function `func` (as cgsym names it), for reading beside
    its machine code (for wasm: node --print-wasm-code, whose second column is the offset)."""
    starts = {}
    for s, sz, n in ents:
        if label(n) == func: starts[s] = sz
    cost = {}
    last = 0
    after_call = False
    for line in open(path):
        if line[0] not in '0123456789+-*':
            after_call = line.startswith('calls=')
            continue
        parts = line.split()
        addr = last = instr_address(parts[0], last)
        if after_call:
            after_call = False
            continue
        for s, sz in starts.items():
            if s <= addr < s + sz:
                cost[addr - s] = cost.get(addr - s, 0) + (int(parts[2]) if len(parts) > 2 else 0)
    return cost

def by_instruction(path):
    """Self cost by name from a --dump-instr=yes dump: JIT code (callgrind's unnamed
    functions, `fn=0x...`) named per instruction from the perf map, the rest by function."""
    agg, total, fns, fn = {}, 0, {}, ''
    last = 0
    after_call = False
    cache = {}
    for line in open(path):
        c = line[0]
        if c in '0123456789+-*':
            parts = line.split()
            addr = last = instr_address(parts[0], last)
            if after_call:
                after_call = False
                continue
            ir = int(parts[2]) if len(parts) > 2 else 0
            total += ir
            if fn.startswith('0x'):
                if addr not in cache:
                    n = name(addr)
                    cache[addr] = label(n) if n else '?' + fn[2:]
                key = cache[addr]
            else: key = fn
            agg[key] = agg.get(key, 0) + ir
        elif line.startswith('fn='):
            m = re.match(r'fn=\((\d+)\)(?: (.*))?', line.rstrip('\n'))
            if m.group(2) is not None: fns[m.group(1)] = m.group(2)
            fn = fns[m.group(1)]
        elif line.startswith('cfn='):
            m = re.match(r'cfn=\((\d+)\) (.*)', line.rstrip('\n'))
            if m: fns[m.group(1)] = m.group(2)
        elif line.startswith('calls='): after_call = True
    return agg, total

if os.environ.get('FUNC'):
    # FUNC=<name>: that function's instructions by offset (hex), in address order
    for off, ir in sorted(by_offset(out, os.environ['FUNC']).items()):
        print(f'{off:6x} {ir/steps:10.0f}')
    sys.exit(0)
instr = any(l.startswith('positions:') and 'instr' in l for l in open(out).readlines()[:40])
if instr:
    agg, total = by_instruction(out)
    print(f'total {total/steps/1e6:.2f} M/step')
    for n, ir in sorted(agg.items(), key=lambda x: -x[1])[:top]:
        print(f'{ir/steps/1e6:8.2f}  {100*ir/total:5.1f}%  {n[:110]}')
    sys.exit(0)
txt = subprocess.run(['callgrind_annotate', '--inclusive=no', '--threshold=100', out], capture_output=True, text=True).stdout
agg = {}
total = 0
for line in txt.splitlines():
    m = re.match(r'\s*([\d,]+) \([\s\d.]+%\)\s+(.*)$', line)
    if not m: continue
    ir = int(m.group(1).replace(',', ''))
    fn = m.group(2)
    if "PROGRAM TOTALS" in fn: total = ir; continue
    if total and ir >= total: continue
    a = re.search(r'\?\?\?:0x([0-9a-f]+) \[\?\?\?\]', fn)
    if a:
        n = name(int(a.group(1), 16)) or ('?' + a.group(1))
        n = re.sub(r'^(JS:|LazyCompile:)?\s*', '', n)
    else:
        n = fn.split(' [')[0]
    agg[n] = agg.get(n, 0) + ir
print(f'total {total/steps/1e6:.2f} M/step')
for n, ir in sorted(agg.items(), key=lambda x: -x[1])[:top]:
    print(f'{ir/steps/1e6:8.2f}  {100*ir/total:5.1f}%  {n[:110]}')
