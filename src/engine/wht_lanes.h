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

/* Sum the signed histogram for one chunk, transform it, scan it.  Three
 * butterfly stages per pass over the array (radix 8): a third of the loads
 * and stores of one stage at a time, and the array stays in L2. */
LO_CLONES
static void WHT_NAME(chunk_run)(const shared *sh, uint64_t chunk, WHT_VEC *a, int *best_h, uint64_t *best_t,
				double *ties)
{
	const WHT_NAME(key_entry) *keys = sh->keys;
	int bits = sh->array_bits;
	size_t size = (size_t)1 << bits, h = 1;
	memset(a, 0, size * sizeof *a);
	for (int i = 0; i < sh->m; i++) {
		const WHT_NAME(key_entry) *k = &keys[i];
		if (__builtin_parityll(k->hi & chunk))
			a[k->lo] -= k->v;
		else
			a[k->lo] += k->v;
	}
	/* Passes of three stages (radix 8), after one of bits % 3 stages. */
	if (bits % 3 == 1) {
		for (size_t j = 0; j < size; j += 2) {
			WHT_VEC x = a[j], y = a[j + 1];
			a[j] = x + y;
			a[j + 1] = x - y;
		}
		h = 2;
	} else if (bits % 3 == 2) {
		for (size_t j = 0; j < size; j += 4) {
			WHT_VEC x0 = a[j], x1 = a[j + 1], x2 = a[j + 2], x3 = a[j + 3];
			WHT_VEC s0 = x0 + x1, d0 = x0 - x1, s1 = x2 + x3, d1 = x2 - x3;
			a[j] = s0 + s1;
			a[j + 1] = d0 + d1;
			a[j + 2] = s0 - s1;
			a[j + 3] = d0 - d1;
		}
		h = 4;
	}
	for (; h < size; h <<= 3)
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
	/* Four running maxima: one would chain every compare on the last. */
	WHT_VEC m0 = a[0], m1 = a[0], m2 = a[0], m3 = a[0], gt;
#define WHT_MAX(m, v) (gt = (v) > (m), (m) = ((v) & gt) | ((m) & ~gt))
	for (size_t j = 0; j + 4 <= size; j += 4) {
		WHT_MAX(m0, a[j]);
		WHT_MAX(m1, a[j + 1]);
		WHT_MAX(m2, a[j + 2]);
		WHT_MAX(m3, a[j + 3]);
	}
	for (size_t j = size & ~(size_t)3; j < size; j++)
		WHT_MAX(m0, a[j]);
	WHT_MAX(m0, m1);
	WHT_MAX(m2, m3);
	WHT_VEC mx = WHT_MAX(m0, m2);
#undef WHT_MAX
	int top = mx[0];
	for (int l = 1; l < WHT_LANES; l++)
		top = mx[l] > top ? mx[l] : top;
	if (top < *best_h)
		return;
	/* Rare: locate and count the maxima. */
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
