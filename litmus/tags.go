// This file names the ordering annotations of the LKMM's access events, as
// the C lowering tags them and the models and the compiler read them.
package litmus

// The ordering annotations of C accesses (linux-kernel.def): a load or
// store carries one, a read-modify-write carries the same one on its read
// and its write.
const (
	TagOnce    = "ONCE"    // READ_ONCE, WRITE_ONCE, the _relaxed RMWs
	TagAcquire = "ACQUIRE" // smp_load_acquire, the _acquire RMWs
	TagRelease = "RELEASE" // smp_store_release, the _release RMWs
	TagMB      = "MB"      // the fully ordered RMWs (no suffix), smp_mb
)
