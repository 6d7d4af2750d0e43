"""The expression language of model files: parse, check, evaluate, differentiate, compile.

Pure Python + NumPy; never imports pygame.
"""

from .algebra import bind, diff, substitute
from .codegen import Block, CompiledFunction, compile_trees
from .errors import EvaluationError, ExpressionError, Location, SourceError
from .evaluate import evaluate
from .nodes import CONSTANTS, FUNCTIONS, RESERVED, TIME, Binary, Call, Name, Neg, Node, Num, Ref, names_in, to_text
from .parser import Expression, canonical_name, check_names, parse, suggestion

__all__ = [
    "CONSTANTS",
    "FUNCTIONS",
    "RESERVED",
    "TIME",
    "Binary",
    "Block",
    "Call",
    "CompiledFunction",
    "EvaluationError",
    "Expression",
    "ExpressionError",
    "Location",
    "Name",
    "Neg",
    "Node",
    "Num",
    "Ref",
    "SourceError",
    "bind",
    "canonical_name",
    "check_names",
    "compile_trees",
    "diff",
    "evaluate",
    "names_in",
    "parse",
    "substitute",
    "suggestion",
    "to_text",
]
