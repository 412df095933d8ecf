import opusWasm from "@evan/opus/wasm/simd.wasm";

/**
 * libopus as `@evan/opus` ships it compiled to WebAssembly: its raw C API (`opus_decoder_init`,
 * `opus_decode`, `malloc`) under their own names. Workers may not compile WebAssembly from bytes at
 * run time, so the `.wasm` file is imported as a module the bundler compiles ahead (wrangler's
 * CompiledWasm), and instantiated here with the few imports it needs. The package's own loader
 * reads the file with `fs`, which a Worker cannot; the glue is therefore these few lines.
 */

interface OpusExports {
  readonly memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(bytes: number): number;
  free(pointer: number): void;
  opus_decoder_get_size(channels: number): number;
  opus_decoder_init(decoder: number, sampleRate: number, channels: number): number;
  opus_decode(decoder: number, data: number, length: number, pcm: number, frameSize: number, fec: number): number;
}

/** The rate AssemblyAI's streaming takes; libopus resamples to it itself. */
export const DECODED_SAMPLE_RATE = 16_000;
/** An Opus packet holds at most 120 ms of audio. */
const MAX_PACKET_SAMPLES = (120 * DECODED_SAMPLE_RATE) / 1000;
/** The largest packet libopus accepts: six 20 ms frames of 1,275 bytes. */
const MAX_PACKET_BYTES = 1275 * 6;

/**
 * One instance for the isolate, shared by every session's decoders: each decoder's state is about
 * 18 KB of its memory, freed when its stream ends, and the input and output buffers are shared
 * because decoding never interleaves (JavaScript runs one message at a time).
 */
let shared: { readonly opus: OpusExports; readonly input: number; readonly output: number } | null = null;

function instance() {
  if (shared) return shared;
  const ignore = () => 0;
  const { exports } = new WebAssembly.Instance(opusWasm, {
    wasi_snapshot_preview1: { fd_seek: ignore, fd_write: ignore, fd_close: ignore, proc_exit: ignore },
    // Views are made from `memory.buffer` at each call, so growth needs no notice.
    env: { emscripten_notify_memory_growth: ignore },
  });
  const opus = exports as unknown as OpusExports;
  opus._initialize();
  shared = { opus, input: opus.malloc(MAX_PACKET_BYTES), output: opus.malloc(MAX_PACKET_SAMPLES * 2) };
  return shared;
}

/** An Opus packet libopus refused (`OPUS_INVALID_PACKET` and the like): the audio is not Opus we can read. */
export class OpusPacketError extends Error {}

/** One Opus stream decoded to 16 kHz mono 16-bit PCM; libopus mixes a stereo stream down itself. */
export class OpusDecoder {
  private state: number;

  constructor() {
    const { opus } = instance();
    this.state = opus.malloc(opus.opus_decoder_get_size(1));
    const status = opus.opus_decoder_init(this.state, DECODED_SAMPLE_RATE, 1);
    if (status < 0) {
      this.free();
      throw new OpusPacketError(`libopus could not start a decoder (${status})`);
    }
  }

  /** The packet's samples, copied out of the shared buffer. */
  decode(packet: Uint8Array): Int16Array {
    const { opus, input, output } = instance();
    if (!this.state) throw new Error("the decoder was freed");
    if (packet.byteLength > MAX_PACKET_BYTES) throw new OpusPacketError(`an Opus packet of ${packet.byteLength} bytes`);
    new Uint8Array(opus.memory.buffer, input, packet.byteLength).set(packet);
    const samples = opus.opus_decode(this.state, input, packet.byteLength, output, MAX_PACKET_SAMPLES, 0);
    if (samples < 0) throw new OpusPacketError(`libopus refused a packet (${samples})`);
    return new Int16Array(opus.memory.buffer, output, samples).slice();
  }

  free(): void {
    if (!this.state) return;
    instance().opus.free(this.state);
    this.state = 0;
  }
}
