# deg gcd(f_n(x), f_n(x+1)) over GF(2), f_0 = 1, f_1 = x,
# f_{n+1} = x f_n + f_{n-1}: the nullity of the n x n classic board (Sutner).
# Prints "n nullity" for n = 1..N.  Polynomials are arrays of 0/1 by degree.
function deg(p, d,   i) { for (i = d; i >= 0; i--) if (p[i]) return i; return -1 }
BEGIN {
	split("", a); split("", b)
	a[0] = 1; da = 0			# f_0
	b[1] = 1; db = 1			# f_1
	for (n = 1; n <= N; n++) {
		# f = f_n (in b), g = f_n(x + 1) by Horner with (x + 1)
		split("", g); dg = -1
		for (i = db; i >= 0; i--) {
			for (j = dg + 1; j >= 1; j--) g[j] = (g[j] + g[j - 1]) % 2
			if (dg >= 0) dg++
			g[0] = (g[0] + b[i]) % 2
			if (dg < 0) dg = 0
		}
		split("", u); split("", v)
		for (i = 0; i <= db; i++) u[i] = b[i]
		for (i = 0; i <= dg; i++) v[i] = g[i]
		du = deg(u, db); dv = deg(v, dg)
		while (dv >= 0) {		# u, v <- v, u mod v
			while (du >= dv) {
				s = du - dv
				for (i = 0; i <= dv; i++) if (v[i]) u[i + s] = 1 - u[i + s]
				du = deg(u, du)
			}
			split("", t); for (i = 0; i <= dv; i++) t[i] = v[i]
			split("", v); for (i = 0; i <= du; i++) v[i] = u[i]
			split("", u); for (i = 0; i <= dv; i++) u[i] = t[i]
			tmp = du; du = dv; dv = tmp
		}
		print n, du
		# f_{n+1} = x f_n + f_{n-1}
		split("", c)
		for (i = 0; i <= db; i++) c[i + 1] = b[i]
		for (i = 0; i <= da; i++) c[i] = (c[i] + a[i]) % 2
		split("", a); for (i = 0; i <= db; i++) a[i] = b[i]; da = db
		split("", b); for (i = 0; i <= db + 1; i++) b[i] = c[i]; db = db + 1
	}
}
