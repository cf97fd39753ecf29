package main
import (
 _ "github.com/alecthomas/participle/v2"
 _ "github.com/spf13/pflag"
 _ "github.com/google/go-cmp/cmp"
)
func main(){}
