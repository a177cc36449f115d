# The package's version: the project's (CMakeLists.txt), whose major number
# is the shared library's SONAME.
__version__ = "0.1.0"
