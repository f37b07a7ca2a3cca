/* The transform's kernel for one lane type, included twice by zwht.c:
 * 16 counts of 16 bits per vector while n < 65536, of 32 bits above (the
 * counts never pass n).  Expects ZW_SUF, ZW_VEC and ZW_ELT. */
#define ZW_CAT_(a, b) a##b
#define ZW_CAT(a, b) ZW_CAT_(a, b)
#define ZW_NAME(x) ZW_CAT(x, ZW_SUF)

/* The radix-o butterflies along one low axis. */
LO_CLONES
static void ZW_NAME(axis_run)(const zshared *sh, int g, ZW_VEC *T, ZW_VEC *tmp)
{
	int k = sh->k, o = sh->job->order[g], s = sh->stride[g];
	const int *ridx = sh->ridx[g];
	size_t block = (size_t)s * o;
	if (k == 3 && o == 3) {
		/* out_t[a] = in_0[a] + in_1[a - t] + in_2[a - 2t]. */
		size_t S = (size_t)s * 3;
		for (size_t outer = 0; outer < (size_t)sh->points; outer += block)
			for (int r = 0; r < s; r++) {
				ZW_VEC *b0 = T + (outer + (size_t)r) * 3, *b1 = b0 + S, *b2 = b1 + S;
				ZW_VEC x0 = b0[0], x1 = b0[1], x2 = b0[2], y0 = b1[0], y1 = b1[1], y2 = b1[2];
				ZW_VEC z0 = b2[0], z1 = b2[1], z2 = b2[2];
				b0[0] = x0 + y0 + z0;
				b0[1] = x1 + y1 + z1;
				b0[2] = x2 + y2 + z2;
				b1[0] = x0 + y2 + z1;
				b1[1] = x1 + y0 + z2;
				b1[2] = x2 + y1 + z0;
				b2[0] = x0 + y1 + z2;
				b2[1] = x1 + y2 + z0;
				b2[2] = x2 + y0 + z1;
			}
		return;
	}
	for (size_t outer = 0; outer < (size_t)sh->points; outer += block)
		for (int r = 0; r < s; r++) {
			ZW_VEC *base = T + (outer + (size_t)r) * k;
			for (int j = 0; j < o; j++)
				memcpy(tmp + (size_t)j * k, base + (size_t)j * s * k, (size_t)k * sizeof *tmp);
			const int *ix = ridx;
			for (int t = 0; t < o; t++) {
				ZW_VEC *out = base + (size_t)t * s * k;
				for (int a = 0; a < k; a++, ix += o) {
					ZW_VEC acc = tmp[ix[0]];
					for (int j = 1; j < o; j++)
						acc += tmp[ix[j]];
					out[a] = acc;
				}
			}
		}
}

/* The smallest weight over the array's points and the active lanes:
 * 16-bit sums when n max w fits (the usual case), else 32-bit. */
LO_CLONES
static unsigned ZW_NAME(evaluate)(const zshared *sh, const ZW_VEC *T, uint32_t inactive_mask)
{
	int k = sh->k;
	unsigned best = UINT32_MAX;
	if (sizeof(ZW_ELT) == 2 && sh->narrow) {
		ZW_VEC big, mn;
		for (int l = 0; l < LANES; l++) {
			big[l] = inactive_mask >> l & 1 ? UINT16_MAX : 0;
			mn[l] = UINT16_MAX;
		}
		for (int p = 0; p < sh->points; p++) {
			const ZW_VEC *c = T + (size_t)p * k;
			ZW_VEC acc = big;
			for (int a = 1; a < k; a++)
				acc += c[a] * (uint16_t)sh->w[a];
			ZW_VEC lt = acc < mn;
			mn = (acc & lt) | (mn & ~lt);
		}
		for (int l = 0; l < LANES; l++)
			best = mn[l] < best ? mn[l] : best;
		return best;
	}
	zw big, mn;
	for (int l = 0; l < LANES; l++) {
		big[l] = inactive_mask >> l & 1 ? UINT32_MAX : 0;
		mn[l] = UINT32_MAX;
	}
	for (int p = 0; p < sh->points; p++) {
		zw acc = big;
		for (int a = 1; a < k; a++)
			acc += __builtin_convertvector(T[(size_t)p * k + a], zw) * (uint32_t)sh->w[a];
		zw lt = acc < mn;
		mn = (acc & lt) | (mn & ~lt);
	}
	for (int l = 0; l < LANES; l++)
		best = mn[l] < best ? mn[l] : best;
	return best;
}

/* The histogram of one chunk, 16 lanes at a time: the lanes differ only
 * on a few high axes (the changing ones), so an entry's residue in lane
 * l is r + off_c[l], r its residue in lane 0 and c its values on those
 * axes.  With one mask per (c, offset), an entry costs k vector adds.
 * false (nothing done) when the changing axes have too many patterns. */
#define MAX_PATTERNS 81
#define MASKED_MAX_K 16
LO_CLONES
static bool ZW_NAME(fill_masked)(const zshared *sh, ZW_VEC *T, uint8_t digit[][64], uint32_t inactive)
{
	const zwht_job *job = sh->job;
	int k = sh->k, nh = sh->hi_axes, L = sh->lo_axes, ch[64], nc = 0, patterns = 1;
	if (k > MASKED_MAX_K)
		return false;
	for (int j = 0; j < nh; j++) {
		bool differs = false;
		for (int l = 1; l < LANES && !differs; l++)
			differs = !(inactive >> l & 1) && digit[l][j] != digit[0][j];
		if (differs) {
			ch[nc++] = j;
			patterns *= job->order[L + j];
			if (patterns > MAX_PATTERNS)
				return false;
		}
	}
	ZW_VEC mask[MAX_PATTERNS][MASKED_MAX_K];
	memset(mask, 0, (size_t)patterns * sizeof mask[0]);
	for (int c = 0; c < patterns; c++)
		for (int l = 0; l < LANES; l++) {
			if (inactive >> l & 1)
				continue;
			int off = 0, rest = c;
			for (int q = 0; q < nc; q++) {
				int o = job->order[L + ch[q]], m = rest % o;
				rest /= o;
				off += m * (k / o) * (digit[l][ch[q]] - digit[0][ch[q]] + k);
			}
			mask[c][off % k][l] = (ZW_ELT)~(ZW_ELT)0;
		}
	for (int i = 0; i < sh->m; i++) {
		const zentry *e = &sh->e[i];
		const uint8_t *hv = sh->e_hi + (size_t)i * nh;
		int r = e->x0, c = 0, scale = 1;
		for (int j = 0; j < nh; j++)
			r += hv[j] * digit[0][j];
		for (int q = 0; q < nc; q++) {
			int o = job->order[L + ch[q]];
			c += hv[ch[q]] / (k / o) * scale;
			scale *= o;
		}
		r %= k;
		ZW_VEC cnt = (ZW_VEC){ 0 } + (ZW_ELT)e->count, *cell = T + (size_t)e->lo * k;
		const ZW_VEC *mc = mask[c];
		/* Residue a gets the lanes whose offset is a - r. */
		for (int a = 0; a < k; a++)
			cell[a] += mc[a >= r ? a - r : a - r + k] & cnt;
	}
	return true;
}

static void ZW_NAME(chunk_run)(zshared *sh, uint64_t group, ZW_VEC *T, ZW_VEC *tmp, int *best_w,
				 uint64_t *best_index, double *ties)
{
	const zwht_job *job = sh->job;
	int k = sh->k, nh = sh->hi_axes, L = sh->lo_axes;
	uint8_t digit[LANES][64];
	int ndiff[LANES], dax[LANES][64], dval[LANES][64];
	uint32_t inactive = 0;
	/* Each lane's values of the high axes, and where they differ from lane 0's. */
	for (int l = 0; l < LANES; l++) {
		uint64_t h = group * LANES + (uint64_t)l;
		if (h >= sh->hi_total) {
			inactive |= 1u << l;
			h = 0;
		}
		for (int j = 0; j < nh; j++) {
			int o = job->order[L + j];
			digit[l][j] = (uint8_t)(h % (uint64_t)o);
			h /= (uint64_t)o;
		}
		ndiff[l] = 0;
		for (int j = 0; j < nh; j++)
			if (digit[l][j] != digit[0][j]) {
				dax[l][ndiff[l]] = j;
				dval[l][ndiff[l]++] = digit[l][j] - digit[0][j] + k;
			}
	}
	memset(T, 0, (size_t)sh->points * k * sizeof *T);
	if (!ZW_NAME(fill_masked)(sh, T, digit, inactive))
		for (int i = 0; i < sh->m; i++) {
			const zentry *e = &sh->e[i];
			const uint8_t *hv = sh->e_hi + (size_t)i * nh;
			int s0 = e->x0;
			for (int j = 0; j < nh; j++)
				s0 += hv[j] * digit[0][j];
			s0 %= k;
			ZW_VEC *cell = T + (size_t)e->lo * k;
			for (int l = 0; l < LANES; l++) {
				int s = s0;
				for (int q = 0; q < ndiff[l]; q++)
					s += hv[dax[l][q]] * dval[l][q];
				cell[s % k][l] += e->count;
			}
		}
	for (int g = 0; g < L; g++)
		ZW_NAME(axis_run)(sh, g, T, tmp);
	unsigned mn = ZW_NAME(evaluate)(sh, T, inactive);
	if (mn > (unsigned)*best_w)
		return;
	/* Rare: locate and count the minima. */
	for (int p = 0; p < sh->points; p++)
		for (int l = 0; l < LANES; l++) {
			if (inactive >> l & 1)
				continue;
			int w = 0;
			for (int a = 1; a < k; a++)
				w += T[(size_t)p * k + a][l] * sh->w[a];
			if (w > *best_w)
				continue;
			uint64_t idx = (group * LANES + (uint64_t)l) * (uint64_t)sh->points + (uint64_t)p;
			if (w < *best_w || idx < *best_index) {
				if (w < *best_w)
					*ties = 0;
				*best_w = w;
				*best_index = idx;
			}
			*ties += 1;
		}
}

static void *ZW_NAME(worker)(void *arg)
{
	zshared *sh = arg;
	int k = sh->k, omax = 1;
	for (int g = 0; g < sh->d; g++)
		omax = sh->job->order[g] > omax ? sh->job->order[g] : omax;
	/* aligned_alloc wants a multiple of the alignment: 2 vectors. */
	ZW_VEC *T = aligned_alloc(64, ((size_t)sh->points * k + 1) / 2 * 2 * sizeof *T);
	ZW_VEC *tmp = aligned_alloc(64, ((size_t)omax * k + 1) / 2 * 2 * sizeof *tmp);
	int best_w = INT_MAX;
	uint64_t best_index = NO_INDEX;
	double ties = 0;
	bool ok = T && tmp;
	for (;;) {
		pthread_mutex_lock(&sh->lock);
		if (best_w < sh->progress_w)
			sh->progress_w = best_w;
		uint64_t c = sh->next;
		bool go = ok && !sh->stop && c < sh->groups;
		if (go && sh->job->keep_going)
			go = sh->job->keep_going(sh->job->ctx, (double)c / (double)sh->groups,
						 sh->progress_w == INT_MAX ? sh->w0 : sh->progress_w);
		if (go)
			sh->next++;
		else
			sh->stop = true;
		pthread_mutex_unlock(&sh->lock);
		if (!go)
			break;
		ZW_NAME(chunk_run)(sh, c, T, tmp, &best_w, &best_index, &ties);
	}
	pthread_mutex_lock(&sh->lock);
	if (!ok)
		sh->failed = true;
	if (best_w < sh->best_w || (best_w == sh->best_w && best_index < sh->best_index)) {
		sh->ties = best_w < sh->best_w ? 0 : sh->ties;
		sh->best_w = best_w;
		sh->best_index = best_index;
	}
	if (best_w == sh->best_w && best_w != INT_MAX)
		sh->ties += ties;
	pthread_mutex_unlock(&sh->lock);
	free(T);
	free(tmp);
	return NULL;
}
