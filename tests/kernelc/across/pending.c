/* A file of functions that uses the header's macros. */
static inline void set_pending(int *val)
{
	smp_store_release(val, _Q_PENDING_VAL);
}
