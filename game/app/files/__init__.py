"""The program's own files and the user's: where the shipped ones are, the settings, the user's folders,
saved models and the remembered state, a model file watched for changes, opening a model. No pygame."""
