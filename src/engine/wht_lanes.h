/* The transform's kernel for one lane type, included twice by wht.c:
 * int16 lanes (16 per vector) while |H| <= n < 32768, int32 lanes (8 per
 * vector) above.  Expects WHT_SUF, WHT_VEC, WHT_ELT and WHT_LANE_BITS. */
#define WHT_CAT_(a, b) a##b
#define WHT_CAT(a, b) WHT_CAT_(a, b)
#define WHT_NAME(x) WHT_CAT(x, WHT_SUF)
#define WHT_LANES (1 << WHT_LANE_BITS)

typedef struct WHT_NAME(key_entry) {
	uint64_t hi;		/* key bits above the array and lane bits */
	uint32_t lo;		/* array index */
	WHT_VEC v;		/* c * (-1)^<lane, key lane bits> per lane */
} WHT_NAME(key_entry);

/* Signed histogram entries from sorted (key << 1 | x0 bit) values. */
static int WHT_NAME(fill_keys)(shared *sh, const uint64_t *k, int n)
{
	WHT_NAME(key_entry) *keys = sh->keys;
	int m = 0;
	for (int i = 0; i < n;) {
		uint64_t key = k[i] >> 1;
		int c = 0;
		for (; i < n && k[i] >> 1 == key; i++)
			c += k[i] & 1 ? -1 : 1;
		if (c == 0)
			continue;
		WHT_NAME(key_entry) *e = &keys[m++];
		e->lo = (uint32_t)(key >> WHT_LANE_BITS) & ((1u << sh->array_bits) - 1);
		e->hi = key >> (WHT_LANE_BITS + sh->array_bits);
		for (int l = 0; l < WHT_LANES; l++)
			e->v[l] = (WHT_ELT)(__builtin_parity((unsigned)(key & (WHT_LANES - 1)) & (unsigned)l) ? -c : c);
	}
	return m;
}

/* The entries in order of their array index (a counting sort), so each
 * block of the array is filled from one run of them.  False when out of
 * memory. */
static bool WHT_NAME(sort_keys)(shared *sh)
{
	WHT_NAME(key_entry) *keys = sh->keys, *out;
	size_t size = (size_t)1 << sh->array_bits;
	size_t *at = calloc(size + 1, sizeof *at);
	out = aligned_alloc(64, ((size_t)sh->m * sizeof *out + 63) / 64 * 64 + 64);
	if (!at || !out) {
		free(at);
		free(out);
		return false;
	}
	for (int i = 0; i < sh->m; i++)
		at[keys[i].lo + 1]++;
	for (size_t j = 0; j < size; j++)
		at[j + 1] += at[j];
	for (int i = 0; i < sh->m; i++)
		out[at[keys[i].lo]++] = keys[i];
	free(at);
	free(sh->keys);
	sh->keys = out;
	return true;
}

/* The stages of span h up to end (powers of two) over a[0 .. size):
 * one pass of radix 2 or 4 for the leftover, then passes of radix 8. */
LO_CLONES
static void WHT_NAME(stages)(WHT_VEC *a, size_t size, size_t h, size_t end)
{
	int left = 0;
	for (size_t s = h; s < end; s <<= 1)
		left++;
	if (left % 3 == 1) {
		for (size_t i = 0; i < size; i += 2 * h)
			for (size_t j = i; j < i + h; j++) {
				WHT_VEC x = a[j], y = a[j + h];
				a[j] = x + y;
				a[j + h] = x - y;
			}
		h <<= 1;
	} else if (left % 3 == 2) {
		for (size_t i = 0; i < size; i += 4 * h)
			for (size_t j = i; j < i + h; j++) {
				WHT_VEC *p = a + j;
				WHT_VEC x0 = p[0], x1 = p[h], x2 = p[2 * h], x3 = p[3 * h];
				WHT_VEC s0 = x0 + x1, d0 = x0 - x1, s1 = x2 + x3, d1 = x2 - x3;
				p[0] = s0 + s1;
				p[h] = d0 + d1;
				p[2 * h] = s0 - s1;
				p[3 * h] = d0 - d1;
			}
		h <<= 2;
	}
	for (; h < end; h <<= 3)
		for (size_t i = 0; i < size; i += 8 * h)
			for (size_t j = i; j < i + h; j++) {
				WHT_VEC *p = a + j;
				WHT_VEC x0 = p[0], x1 = p[h], x2 = p[2 * h], x3 = p[3 * h];
				WHT_VEC x4 = p[4 * h], x5 = p[5 * h], x6 = p[6 * h], x7 = p[7 * h];
				WHT_VEC y0 = x0 + x1, y1 = x0 - x1, y2 = x2 + x3, y3 = x2 - x3;
				WHT_VEC y4 = x4 + x5, y5 = x4 - x5, y6 = x6 + x7, y7 = x6 - x7;
				WHT_VEC z0 = y0 + y2, z1 = y1 + y3, z2 = y0 - y2, z3 = y1 - y3;
				WHT_VEC z4 = y4 + y6, z5 = y5 + y7, z6 = y4 - y6, z7 = y5 - y7;
				p[0] = z0 + z4;
				p[h] = z1 + z5;
				p[2 * h] = z2 + z6;
				p[3 * h] = z3 + z7;
				p[4 * h] = z0 - z4;
				p[5 * h] = z1 - z5;
				p[6 * h] = z2 - z6;
				p[7 * h] = z3 - z7;
			}
}

#define WHT_MAX(m, v) (gt = (v) > (m), (m) = ((v) & gt) | ((m) & ~gt))

/* The largest lane of the transform whose stages below top are done: the
 * last (up to three) stages computed and compared, never stored. */
LO_CLONES
static int WHT_NAME(fused_max)(const WHT_VEC *a, size_t size, size_t top)
{
	WHT_VEC m0 = a[0] + a[top], m1 = m0, m2 = m0, m3 = m0, gt;
	size_t h = top;
	if (h * 8 == size) {
		for (size_t j = 0; j < h; j++) {
			const WHT_VEC *p = a + j;
			WHT_VEC y0 = p[0] + p[h], y1 = p[0] - p[h], y2 = p[2 * h] + p[3 * h], y3 = p[2 * h] - p[3 * h];
			WHT_VEC y4 = p[4 * h] + p[5 * h], y5 = p[4 * h] - p[5 * h];
			WHT_VEC y6 = p[6 * h] + p[7 * h], y7 = p[6 * h] - p[7 * h];
			WHT_VEC z0 = y0 + y2, z1 = y1 + y3, z2 = y0 - y2, z3 = y1 - y3;
			WHT_VEC z4 = y4 + y6, z5 = y5 + y7, z6 = y4 - y6, z7 = y5 - y7;
			WHT_MAX(m0, z0 + z4);
			WHT_MAX(m1, z1 + z5);
			WHT_MAX(m2, z2 + z6);
			WHT_MAX(m3, z3 + z7);
			WHT_MAX(m0, z0 - z4);
			WHT_MAX(m1, z1 - z5);
			WHT_MAX(m2, z2 - z6);
			WHT_MAX(m3, z3 - z7);
		}
	} else if (h * 4 == size) {
		for (size_t j = 0; j < h; j++) {
			const WHT_VEC *p = a + j;
			WHT_VEC s0 = p[0] + p[h], d0 = p[0] - p[h], s1 = p[2 * h] + p[3 * h], d1 = p[2 * h] - p[3 * h];
			WHT_MAX(m0, s0 + s1);
			WHT_MAX(m1, d0 + d1);
			WHT_MAX(m2, s0 - s1);
			WHT_MAX(m3, d0 - d1);
		}
	} else {
		for (size_t j = 0; j < h; j++) {
			WHT_MAX(m0, a[j] + a[j + h]);
			WHT_MAX(m1, a[j] - a[j + h]);
		}
	}
	WHT_MAX(m0, m1);
	WHT_MAX(m2, m3);
	WHT_VEC mx = WHT_MAX(m0, m2);
	int best = mx[0];
	for (int l = 1; l < WHT_LANES; l++)
		best = mx[l] > best ? mx[l] : best;
	return best;
}

#undef WHT_MAX

/* Sum the signed histogram for one chunk, transform it, find its maximum.
 * The stages below WHT_BLOCK_BITS run block by block in L1 (radix 8: a
 * third of the loads and stores of one stage at a time); the last three
 * over the whole array (in L2) are fused with the maximum and not stored,
 * unless the chunk holds a maximum to locate (rare).  Stores bound it:
 * each pass that stores costs about as much as the fused one. */
LO_CLONES
static void WHT_NAME(chunk_run)(const shared *sh, uint64_t chunk, WHT_VEC *a, int *best_h, uint64_t *best_t,
				double *ties)
{
	const WHT_NAME(key_entry) *keys = sh->keys;
	int bits = sh->array_bits;
	size_t size = (size_t)1 << bits;
	/* Stages in L1-sized blocks, then up to three fused with the maximum. */
	int fuse = bits < 3 ? bits : 3, below = bits - fuse;
	size_t top = (size_t)1 << below, block = (size_t)1 << (below < WHT_BLOCK_BITS ? below : WHT_BLOCK_BITS);
	/* Each block zeroed, filled from its run of the sorted entries (signed
	 * by the chunk's bits, without a branch) and transformed while it is
	 * in L1.  The filling does the first one or two stages too (an entry
	 * adds into its 2 or 4 places with their signs), so every pass over
	 * the block is radix 8. */
	int i = 0, pre = __builtin_ctzll(block) % 3;
	for (size_t b = 0; b < size; b += block) {
		memset(a + b, 0, block * sizeof *a);
		for (; i < sh->m && keys[i].lo < b + block; i++) {
			const WHT_NAME(key_entry) *k = &keys[i];
			WHT_ELT neg = (WHT_ELT)-__builtin_parityll(k->hi & chunk);
			WHT_VEC w = (k->v ^ neg) - neg;
			WHT_ELT s1 = (WHT_ELT)-(WHT_ELT)(k->lo & 1), s2 = (WHT_ELT)-(WHT_ELT)(k->lo >> 1 & 1);
			if (pre == 0)
				a[k->lo] += w;
			else if (pre == 1) {
				WHT_VEC *p = a + (k->lo & ~1u);
				p[0] += w;
				p[1] += (w ^ s1) - s1;
			} else {
				WHT_VEC *p = a + (k->lo & ~3u), w1 = (w ^ s1) - s1;
				p[0] += w;
				p[1] += w1;
				p[2] += (w ^ s2) - s2;
				p[3] += (w1 ^ s2) - s2;
			}
		}
		WHT_NAME(stages)(a + b, block, (size_t)1 << pre, block);
	}
	WHT_NAME(stages)(a, size, block, top);
	int high = a[0][0];
	if (fuse)
		high = WHT_NAME(fused_max)(a, size, top);
	else
		for (int l = 1; l < WHT_LANES; l++)
			high = a[0][l] > high ? a[0][l] : high;
	if (high < *best_h)
		return;
	/* Rare: finish the stages, then locate and count the maxima. */
	WHT_NAME(stages)(a, size, top, size);
	for (size_t j = 0; j < size; j++)
		for (int l = 0; l < WHT_LANES; l++)
			if (a[j][l] >= *best_h) {
				uint64_t t = (chunk << (bits + WHT_LANE_BITS)) | ((uint64_t)j << WHT_LANE_BITS) | (uint64_t)l;
				if (a[j][l] > *best_h) {
					*best_h = a[j][l];
					*best_t = t;
					*ties = 0;
				}
				*ties += 1;
			}
}

static void *WHT_NAME(worker)(void *arg)
{
	shared *sh = arg;
	size_t size = (size_t)1 << sh->array_bits;
	WHT_VEC *a = aligned_alloc(64, size * sizeof *a);
	int best_h = NO_H;
	uint64_t best_t = 0;
	double ties = 0;
	for (;;) {
		pthread_mutex_lock(&sh->lock);
		if (best_h > sh->progress_h)
			sh->progress_h = best_h;
		uint64_t c = sh->next;
		bool go = a && !sh->stop && c < sh->chunks;
		if (go && sh->job->keep_going)
			go = sh->job->keep_going(sh->job->ctx, (double)c / (double)sh->chunks,
						 sh->progress_h == NO_H ? sh->job->n : (sh->job->n - sh->progress_h) / 2);
		if (go)
			sh->next++;
		else
			sh->stop = true;
		pthread_mutex_unlock(&sh->lock);
		if (!go)
			break;
		WHT_NAME(chunk_run)(sh, c, a, &best_h, &best_t, &ties);
	}
	pthread_mutex_lock(&sh->lock);
	if (!a)
		sh->failed = true;
	if (best_h > sh->best_h || (best_h == sh->best_h && best_t < sh->best_t)) {
		sh->ties = best_h > sh->best_h ? 0 : sh->ties;
		sh->best_h = best_h;
		sh->best_t = best_t;
	}
	if (best_h == sh->best_h)
		sh->ties += ties;
	pthread_mutex_unlock(&sh->lock);
	free(a);
	return NULL;
}

#undef WHT_LANES
#undef WHT_NAME
#undef WHT_CAT
#undef WHT_CAT_
