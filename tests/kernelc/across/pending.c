/* A file of functions that uses the header's macros and typedefs. */
static inline void set_pending(int *val)
{
	pend_val_t v = _Q_PENDING_VAL;

	smp_store_release(val, v);
}

static inline int pending_of(pend_word_t *w)
{
	return smp_load_acquire(&w->word) & _Q_PENDING_VAL;
}
