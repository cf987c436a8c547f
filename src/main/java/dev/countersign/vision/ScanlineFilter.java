package dev.countersign.vision;

/** The PNG scanline filters (RFC 2083, section 6) that the encoder can apply to every row. */
enum ScanlineFilter {
    NONE(0) {
        @Override
        void apply(byte[] cur, byte[] prev, byte[] out, int at, int bpp) {
            System.arraycopy(cur, 0, out, at, cur.length);
        }
    },
    SUB(1) {
        @Override
        void apply(byte[] cur, byte[] prev, byte[] out, int at, int bpp) {
            for (int i = 0; i < bpp; i++) {
                out[at + i] = cur[i];
            }
            for (int i = bpp; i < cur.length; i++) {
                out[at + i] = (byte) (cur[i] - cur[i - bpp]);
            }
        }
    },
    UP(2) {
        @Override
        void apply(byte[] cur, byte[] prev, byte[] out, int at, int bpp) {
            for (int i = 0; i < cur.length; i++) {
                out[at + i] = (byte) (cur[i] - prev[i]);
            }
        }
    },
    PAETH(4) {
        @Override
        void apply(byte[] cur, byte[] prev, byte[] out, int at, int bpp) {
            for (int i = 0; i < cur.length; i++) {
                int a = i >= bpp ? cur[i - bpp] & 0xff : 0;
                int b = prev[i] & 0xff;
                int c = i >= bpp ? prev[i - bpp] & 0xff : 0;
                out[at + i] = (byte) (cur[i] - predict(a, b, c));
            }
        }

        private int predict(int a, int b, int c) {
            int p = a + b - c;
            int pa = Math.abs(p - a);
            int pb = Math.abs(p - b);
            int pc = Math.abs(p - c);
            if (pa <= pb && pa <= pc) {
                return a;
            }
            return pb <= pc ? b : c;
        }
    };

    private final int type;

    ScanlineFilter(int type) {
        this.type = type;
    }

    /** The filter-type byte that starts each filtered row. */
    int type() {
        return type;
    }

    /**
     * Writes the filtered bytes of {@code cur} into {@code out} from {@code at}; {@code prev} is the
     * previous unfiltered row (all zero for the first row, as the PNG specification says).
     */
    abstract void apply(byte[] cur, byte[] prev, byte[] out, int at, int bpp);
}
