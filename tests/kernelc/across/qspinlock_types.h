/* A header given first with --fragments: its macros and typedefs hold in
   the files given after it and in the test. */
typedef struct {
	int word;
} pend_word_t;

typedef u32 pend_val_t;

#define _Q_LOCKED_OFFSET	0
#define _Q_LOCKED_BITS		8
#define _Q_PENDING_OFFSET	(_Q_LOCKED_OFFSET + _Q_LOCKED_BITS)
#define _Q_PENDING_VAL		(1U << _Q_PENDING_OFFSET)
