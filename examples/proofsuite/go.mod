module example.com/proofsuite

go 1.26.0

require github.com/litmuscheck/litmuscheck v0.0.0

require github.com/alecthomas/participle/v2 v2.1.4 // indirect

replace github.com/litmuscheck/litmuscheck => ../..
