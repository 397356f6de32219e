#!/usr/bin/env node
// Runs flickr/justified-layout (fetched separately; nothing of it lives in this repository)
// on a reproducible pseudo-random photo sequence, to time it and to capture the exact
// numbers Tessera's JustifiedLayout must reproduce. See README.md beside this file.
//
//   node compare.mjs <path to justified-layout's lib/ (or lib/index.js)> [options]
//
//   --n N            number of photos (default 100000)
//   --seed S         generator seed, a non-zero 32-bit integer (default 2463534242)
//   --sizes          give {width, height} objects instead of bare aspect ratios
//   --config JSON    the layout's options, e.g. '{"fullWidthBreakoutRowCadence": 3}'
//   --bench          time the layout: median of --runs runs (default 7) after one warm-up
//   --runs R
//   --checksum       print containerHeight, widowCount, box count and the FNV-1a checksum
//   --dump           print the layout as JSON: boxes as [left, top, width, height, aspectRatio]
//   --boxes i,j,...  print only these boxes (with --dump)
//
// With no action flag, --checksum is assumed.

import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const TWO_POW_32 = 4294967296;

// The photo sequence. Both Tessera's tests (JustifiedTestSupport.swift) and this script
// compute it with the same integer steps and the same double operations, so the two agree
// to the last bit:
//   xorshift32 (Marsaglia, shifts 13, 17, 5) over a non-zero uint32 state; one draw x;
//   if x % 64 == 0 the photo is a panorama, 3 + 4 * (next draw / 2^32);
//   otherwise its ratio is 0.5 + 1.5 * (x / 2^32), in [0.5, 2).
//   With --sizes the draw gives a size instead: width 200 + x % 3800,
//   height 200 + (x >>> 12) % 3800 (the layout divides them itself).
export function makeGenerator(seed) {
  let state = seed >>> 0;
  if (state === 0) throw new Error('the seed must be non-zero');
  return function next() {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state;
  };
}

export function photoRatios(n, seed) {
  const next = makeGenerator(seed);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const x = next();
    out[i] = x % 64 === 0 ? 3 + 4 * (next() / TWO_POW_32) : 0.5 + 1.5 * (x / TWO_POW_32);
  }
  return out;
}

export function photoSizes(n, seed) {
  const next = makeGenerator(seed);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const x = next();
    out[i] = { width: 200 + (x % 3800), height: 200 + ((x >>> 12) % 3800) };
  }
  return out;
}

// FNV-1a, 32 bits, over the little-endian bytes of each box's left, top, width and height
// (as float64), then of containerHeight and widowCount (as float64).
export function checksum(layout) {
  const f = new Float64Array(1);
  const bytes = new Uint8Array(f.buffer);
  let h = 0x811c9dc5;
  const feed = (value) => {
    f[0] = value;
    for (let k = 0; k < 8; k++) h = Math.imul(h ^ bytes[k], 16777619) >>> 0;
  };
  for (const b of layout.boxes) { feed(b.left); feed(b.top); feed(b.width); feed(b.height); }
  feed(layout.containerHeight);
  feed(layout.widowCount);
  return h >>> 0;
}

function parseArguments(argv) {
  const options = { n: 100000, seed: 2463534242, sizes: false, config: {}, runs: 7,
                    bench: false, checksum: false, dump: false, boxes: null, lib: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--n': options.n = Number(argv[++i]); break;
      case '--seed': options.seed = Number(argv[++i]); break;
      case '--sizes': options.sizes = true; break;
      case '--config': options.config = JSON.parse(argv[++i]); break;
      case '--runs': options.runs = Number(argv[++i]); break;
      case '--bench': options.bench = true; break;
      case '--checksum': options.checksum = true; break;
      case '--dump': options.dump = true; break;
      case '--boxes': options.boxes = argv[++i].split(',').map(Number); break;
      default:
        if (a.startsWith('--') || options.lib !== null) throw new Error(`unknown argument ${a}`);
        options.lib = a;
    }
  }
  if (options.lib === null) throw new Error('usage: node compare.mjs <justified-layout lib path> [options]');
  if (!options.bench && !options.dump) options.checksum = true;
  return options;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const require = createRequire(import.meta.url);
  const justifiedLayout = require(resolve(options.lib));
  const input = options.sizes ? photoSizes(options.n, options.seed) : photoRatios(options.n, options.seed);
  // The original assigns its defaults into the object it is given: hand it a fresh copy.
  const config = () => ({ ...options.config });

  if (options.bench) {
    justifiedLayout(input, config());
    const times = [];
    for (let r = 0; r < options.runs; r++) {
      const start = performance.now();
      justifiedLayout(input, config());
      times.push(performance.now() - start);
    }
    console.log(`n=${options.n} runs=${options.runs} median=${median(times).toFixed(1)} ms ` +
                `min=${Math.min(...times).toFixed(1)} ms max=${Math.max(...times).toFixed(1)} ms`);
  }
  const layout = justifiedLayout(input, config());
  if (options.checksum) {
    console.log(JSON.stringify({ n: options.n, seed: options.seed, sizes: options.sizes,
                                 config: options.config, containerHeight: layout.containerHeight,
                                 widowCount: layout.widowCount, boxCount: layout.boxes.length,
                                 checksum: checksum(layout) }));
  }
  if (options.dump) {
    const pick = options.boxes ?? layout.boxes.map((_, i) => i);
    const boxes = pick.map((i) => {
      const b = layout.boxes[i];
      return [b.left, b.top, b.width, b.height, b.aspectRatio];
    });
    console.log(JSON.stringify({ containerHeight: layout.containerHeight,
                                 widowCount: layout.widowCount, boxes }));
  }
}

main();
