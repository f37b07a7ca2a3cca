#include "ui/pace.h"

void pace_init(pace *p, double rate, double burst, double now)
{
	p->rate = rate;
	p->burst = burst;
	p->tokens = burst;
	p->at = now;
}

bool pace_take(pace *p, double now)
{
	/* A clock that went back (or a first call from before init) gives
	 * nothing, and takes nothing either. */
	if (now > p->at) {
		p->tokens += (now - p->at) * p->rate;
		if (p->tokens > p->burst)
			p->tokens = p->burst;
		p->at = now;
	}
	if (p->tokens < 1)
		return false;
	p->tokens -= 1;
	return true;
}
