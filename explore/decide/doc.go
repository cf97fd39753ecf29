// Package decide gives a verdict that counting every execution would give
// too late: the executions that satisfy the condition's proposition are
// all enumerated, which the proposition, added to the filter, keeps to a
// few paths of each thread, and the others only until one is found. The
// verdict, Never included, is the full count's; the Result says that its
// counts of the other executions are not complete (litmus.Result.Uncounted).
// It applies only where the executions left out could carry no caveat:
// every thread path ends, and the model can tell from the test that no
// execution raises a flag that voids a Never.
package decide
