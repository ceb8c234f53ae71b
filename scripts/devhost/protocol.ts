/**
 * The development host's WebSocket protocol limits, shared by the server and its bridge: a
 * frame larger than this is refused by the bridge with a clear error before it is sent, and
 * closed by the server (1009) if some other client sends one.
 */
export const MAX_FRAME_BYTES = 256 * 1024;

export const REQUEST_TOO_LARGE_MESSAGE =
  'O texto enviado é grande demais (mais de 256 KB). Confira o que foi colado e tente de novo.';
